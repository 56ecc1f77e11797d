import { describe, expect, it } from 'vitest';
import { displayName, imageKind } from './media.files.ts';

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('imageKind', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(imageKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
    expect(imageKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(imageKind(bytes('GIF89a', 1, 0))).toBe('gif');
    expect(imageKind(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses anything else, SVG and truncated headers included', () => {
    expect(
      imageKind(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(imageKind(bytes('%PDF-1.7'))).toBeNull();
    expect(imageKind(bytes(0x89, 'PNG'))).toBeNull();
    expect(imageKind(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(imageKind(new Uint8Array())).toBeNull();
  });
});

describe('displayName', () => {
  it('keeps the last path segment without control characters, or names the file after its kind', () => {
    expect(displayName('../../etc/passwd.png', 'png')).toBe('passwd.png');
    expect(displayName('C:\\photos\\front.jpg', 'jpg')).toBe('front.jpg');
    expect(displayName('a\u0000b.gif', 'gif')).toBe('ab.gif');
    expect(displayName('', 'webp')).toBe('image.webp');
  });
});
