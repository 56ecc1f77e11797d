function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token shaped like the server's customer tokens (the browser never checks the signature). */
export function customerToken({
  username = 'shopper',
  email = 'shopper@example.com',
  expiresInSeconds = 3600,
}: {
  username?: string;
  email?: string;
  expiresInSeconds?: number;
} = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'user-1',
    aud: 'shop:customer',
    username,
    email,
    tv: 1,
    iat: now,
    exp: now + expiresInSeconds,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.c2lnbmF0dXJl`;
}
