import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (two-factor secrets) with AES-256-GCM, so a copy of the database or
 * a backup alone does not give them away. Stored as `v1:<iv>:<tag>:<ciphertext>` in base64url.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain secret; a value stored before encryption comes back as it is; null when it was tampered with. */
  open(stored: string): string | null;
  isSealed(stored: string): boolean;
}

const PREFIX = 'v1:';

export function createSecretBox(keyMaterial: string, purpose = 'two-factor secrets'): SecretBox {
  // A distinct label, so the same material (the token secret, when no DATA_ENCRYPTION_KEY is set) never yields
  // the key that signs tokens.
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'shop data at rest', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
      if (!iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}
