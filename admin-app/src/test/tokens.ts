const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

type StaffClaims = {
  name?: string;
  email?: string;
  expiresInSeconds?: number;
  sub?: string;
  role?: string;
  permissions?: string[];
};

/** A token shaped like the server's staff token (the app decodes it; only the server checks the signature). */
export function makeAdminToken({
  name = 'Store Admin',
  email = 'admin@example.com',
  expiresInSeconds = 3600,
  sub = 'admin-1',
  role = 'SuperAdmin',
  permissions = ['dashboard', 'products'],
}: StaffClaims = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub,
    aud: 'shop:staff',
    email,
    name,
    role,
    permissions,
    tv: 0,
    iat: now,
    exp: now + expiresInSeconds,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}
