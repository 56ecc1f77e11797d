function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token shaped like the server's vendor tokens (the browser never checks the signature). */
export function vendorToken({ expiresInSeconds = 3600 }: { expiresInSeconds?: number } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'store-1',
    aud: 'shop:vendor',
    sid: 'session-1',
    tv: 1,
    iat: now,
    exp: now + expiresInSeconds,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.c2lnbmF0dXJl`;
}
