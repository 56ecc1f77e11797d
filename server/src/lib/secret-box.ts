import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../config.ts';

/**
 * Encrypts small secrets kept in the database (two-factor secrets, the courier's API key) with AES-256-GCM, so a
 * copy of the database or a backup alone does not give them away. Stored as `v1:<iv>:<tag>:<ciphertext>` in
 * base64url. Seals with the current key; opens with it or a previous one, so a key can be rotated without losing
 * what was sealed (db/reseal-secrets.ts moves those values to the current key at start).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain secret; a value stored before encryption comes back as it is; null when no key opens it. */
  open(stored: string): string | null;
  isSealed(stored: string): boolean;
  /** Which key opens a stored value: `plain` was stored before encryption, `none` is tampered or an unknown key. */
  keyFor(stored: string): 'current' | 'previous' | 'none' | 'plain';
}

const PREFIX = 'v1:';

export function createSecretBox(
  keyMaterial: string,
  options: { previous?: readonly string[]; purpose?: string } = {},
): SecretBox {
  const purpose = options.purpose ?? 'two-factor secrets';
  // A distinct label, so the same material (the token secret, when no DATA_ENCRYPTION_KEY is set) never yields
  // the key that signs tokens.
  const derive = (material: string) =>
    Buffer.from(hkdfSync('sha256', material, 'shop data at rest', purpose, 32));
  const current = derive(keyMaterial);
  const previous = (options.previous ?? []).filter((material) => material !== keyMaterial).map(derive);

  function openWith(key: Buffer, stored: string): string | null {
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
  }

  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      for (const key of [current, ...previous]) {
        const plain = openWith(key, stored);
        if (plain !== null) return plain;
      }
      return null;
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
    keyFor(stored) {
      if (!stored.startsWith(PREFIX)) return 'plain';
      if (openWith(current, stored) !== null) return 'current';
      return previous.some((key) => openWith(key, stored) !== null) ? 'previous' : 'none';
    },
  };
}

/**
 * The box for the configured keys: DATA_ENCRYPTION_KEY, else the token secret. Every earlier key still opens:
 * DATA_ENCRYPTION_KEY_PREVIOUS, and the token secrets (current and previous), which sealed everything while no
 * DATA_ENCRYPTION_KEY was set, so setting one for the first time or rotating TOKEN_SECRET loses nothing.
 */
export function secretBoxFor(
  config: Pick<
    AppConfig,
    'tokenSecret' | 'tokenSecretPrevious' | 'dataEncryptionKey' | 'dataEncryptionKeyPrevious'
  >,
): SecretBox {
  const tokenSecrets = [config.tokenSecret, ...(config.tokenSecretPrevious ?? [])];
  return createSecretBox(config.dataEncryptionKey ?? config.tokenSecret, {
    previous: [...(config.dataEncryptionKeyPrevious ?? []), ...tokenSecrets],
  });
}
