import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

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
});
