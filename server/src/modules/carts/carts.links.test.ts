import { describe, expect, it } from 'vitest';
import { cartLinks, RECOVER_LINK_SECONDS } from './carts.links.ts';

const SHOPPER = '5d2e8a41-7c3b-4f90-a6e1-2b9c4d7f1e35';

describe('the signed links of cart reminders', () => {
  const links = cartLinks('current-secret-that-is-long-enough');

  it('name the shopper for their purpose only', () => {
    const recover = links.sign(SHOPPER, 'recover');
    expect(links.open(recover, 'recover')).toBe(SHOPPER);
    expect(links.open(recover, 'unsubscribe')).toBeNull();
    expect(links.open(links.sign(SHOPPER, 'unsubscribe'), 'unsubscribe')).toBe(SHOPPER);
  });

  it('refuse a changed, truncated or foreign token', () => {
    const [body, mac] = links.sign(SHOPPER, 'recover').split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ c: 'someone-else', p: 'recover' })).toString('base64url');
    expect(links.open(`${other}.${mac}`, 'recover')).toBeNull();
    expect(links.open(body, 'recover')).toBeNull();
    expect(links.open(`${body}.${mac}.extra`, 'recover')).toBeNull();
    expect(cartLinks('another-secret-entirely').open(`${body}.${mac}`, 'recover')).toBeNull();
  });

  it('let a restore link expire after a month, but not an unsubscribe link', () => {
    const sent = new Date('2026-11-01T10:00:00Z');
    const later = new Date(sent.getTime() + (RECOVER_LINK_SECONDS + 1) * 1000);
    expect(links.open(links.sign(SHOPPER, 'recover', sent), 'recover', later)).toBeNull();
    expect(links.open(links.sign(SHOPPER, 'unsubscribe', sent), 'unsubscribe', later)).toBe(SHOPPER);
  });

  it('still open links signed before the token secret was rotated', () => {
    const old = cartLinks('old-secret-that-was-long-enough').sign(SHOPPER, 'unsubscribe');
    const rotated = cartLinks('new-secret-that-is-long-enough', ['old-secret-that-was-long-enough']);
    expect(rotated.open(old, 'unsubscribe')).toBe(SHOPPER);
  });
});
