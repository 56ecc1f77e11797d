import { describe, expect, it } from 'vitest';
import { createSecretBox, secretBoxFor } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('k'.repeat(40));

  it('seals so the stored value does not show the secret, and opens it again', () => {
    const stored = box.seal('JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.isSealed(stored)).toBe(true);
    expect(box.open(stored)).toBe('JBSWY3DPEHPK3PXP');
    // A fresh nonce each time.
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(stored);
  });

  it('refuses a tampered value or another key, and passes a value stored before encryption through', () => {
    const stored = box.seal('JBSWY3DPEHPK3PXP');
    const [prefix, iv, tag, body] = stored.split(':') as [string, string, string, string];
    // The first character carries six whole bits of ciphertext (the last one may carry only padding).
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([prefix, iv, tag, flipped].join(':'))).toBeNull();
    expect(box.open(`${prefix}:${iv}`)).toBeNull();
    expect(createSecretBox('z'.repeat(40)).open(stored)).toBeNull();
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens what a previous key sealed, seals only with the current key, and says which key opens a value', () => {
    const oldBox = createSecretBox('o'.repeat(40));
    const rotated = createSecretBox('n'.repeat(40), { previous: ['o'.repeat(40)] });
    const sealedBefore = oldBox.seal('JBSWY3DPEHPK3PXP');
    expect(rotated.open(sealedBefore)).toBe('JBSWY3DPEHPK3PXP');
    expect(rotated.keyFor(sealedBefore)).toBe('previous');

    const sealedAfter = rotated.seal('JBSWY3DPEHPK3PXP');
    expect(rotated.keyFor(sealedAfter)).toBe('current');
    expect(oldBox.open(sealedAfter)).toBeNull();
    expect(createSecretBox('n'.repeat(40)).open(sealedAfter)).toBe('JBSWY3DPEHPK3PXP');

    expect(rotated.keyFor(box.seal('JBSWY3DPEHPK3PXP'))).toBe('none');
    expect(rotated.open(box.seal('JBSWY3DPEHPK3PXP'))).toBeNull();
    expect(rotated.keyFor('JBSWY3DPEHPK3PXP')).toBe('plain');
  });
});

describe('the configured secret box', () => {
  const tokenSecret = 't'.repeat(40);
  const nextTokenSecret = 'u'.repeat(40);
  const dataKey = 'd'.repeat(40);

  it('falls back to the token secret, and keeps opening its values after TOKEN_SECRET is rotated', () => {
    const sealed = secretBoxFor({ tokenSecret, dataEncryptionKey: null }).seal('JBSWY3DPEHPK3PXP');
    const rotated = secretBoxFor({
      tokenSecret: nextTokenSecret,
      tokenSecretPrevious: [tokenSecret],
      dataEncryptionKey: null,
    });
    expect(rotated.keyFor(sealed)).toBe('previous');
    expect(rotated.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    // Without the previous secret the value is lost: the reason TOKEN_SECRET_PREVIOUS matters here.
    expect(secretBoxFor({ tokenSecret: nextTokenSecret, dataEncryptionKey: null }).open(sealed)).toBeNull();
  });

  it('opens values sealed under the token secret once a DATA_ENCRYPTION_KEY is set, and rotates that key', () => {
    const underTokenSecret = secretBoxFor({ tokenSecret, dataEncryptionKey: null }).seal('first');
    const keyed = secretBoxFor({ tokenSecret, dataEncryptionKey: dataKey });
    expect(keyed.keyFor(underTokenSecret)).toBe('previous');
    const underDataKey = keyed.seal('second');
    expect(keyed.keyFor(underDataKey)).toBe('current');

    const rotated = secretBoxFor({
      tokenSecret,
      dataEncryptionKey: 'e'.repeat(40),
      dataEncryptionKeyPrevious: [dataKey],
    });
    expect(rotated.open(underDataKey)).toBe('second');
    expect(rotated.keyFor(underDataKey)).toBe('previous');
    expect(secretBoxFor({ tokenSecret, dataEncryptionKey: 'e'.repeat(40) }).open(underDataKey)).toBeNull();
  });
});
