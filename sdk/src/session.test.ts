import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, decodeToken, isTokenUsable } from './session';

const NOW = 1_795_000_000;

function base64Url(text: string | Uint8Array): string {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function makeToken(payload: unknown): string {
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('decodeToken', () => {
  it('reads the payload, including non-ASCII text', () => {
    const token = makeToken({ sub: 'a1', name: 'Zoë Ahmed ট', exp: NOW + 60 });
    expect(decodeToken(token)).toEqual({ sub: 'a1', name: 'Zoë Ahmed ট', exp: NOW + 60 });
  });

  it.each([
    ['two parts', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhMSJ9'],
    ['four parts', `${makeToken({ sub: 'a1' })}.extra`],
    ['an empty part', `${makeToken({ sub: 'a1' }).split('.').slice(0, 2).join('.')}.`],
    ['characters outside base64url', 'eyJhbGciOiJIUzI1NiJ9.eyJz@WIi!.c2ln'],
    ['a payload that is not JSON', `eyJhbGciOiJIUzI1NiJ9.${base64Url('not json')}.c2ln`],
    ['a payload that is not an object', makeToken([1, 2, 3])],
    [
      'bytes that are not UTF-8',
      `eyJhbGciOiJIUzI1NiJ9.${base64Url(new Uint8Array([...new TextEncoder().encode('{"name":"'), 0xff, 0x22, 0x7d]))}.c2ln`,
    ],
    ['an exp that is not a number', makeToken({ exp: 'tomorrow' })],
  ])('rejects a token with %s', (_case, token) => {
    expect(decodeToken(token)).toBeNull();
  });
});

describe('isTokenUsable', () => {
  it('accepts a token that has not expired yet', () => {
    expect(isTokenUsable(makeToken({ exp: NOW + 1 }), NOW)).toBe(true);
  });

  it('rejects a token whose exp is earlier than now', () => {
    expect(isTokenUsable(makeToken({ exp: NOW - 1 }), NOW)).toBe(false);
  });

  it('accepts a token without exp (only an expiry earlier than now ends it)', () => {
    expect(isTokenUsable(makeToken({ sub: 'a1' }), NOW)).toBe(true);
  });

  it('rejects missing and malformed tokens', () => {
    expect(isTokenUsable(null, NOW)).toBe(false);
    expect(isTokenUsable('', NOW)).toBe(false);
    expect(isTokenUsable('not-a-token', NOW)).toBe(false);
  });

  it('compares with the real clock by default', () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(isTokenUsable(makeToken({ exp: nowSeconds + 3600 }))).toBe(true);
    expect(isTokenUsable(makeToken({ exp: nowSeconds - 3600 }))).toBe(false);
  });
});

describe('createSessionStore', () => {
  const future = () => Math.floor(Date.now() / 1000) + 3600;
  const past = () => Math.floor(Date.now() / 1000) - 3600;

  it('keeps the token under its own key and reads it back', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore('shop.userToken', storage);
    const token = makeToken({ sub: 'c1', username: 'shopper', exp: future() });

    store.set(token);

    expect(storage.getItem('shop.userToken')).toBe(token);
    expect(store.get()).toBe(token);
    expect(store.payload()).toMatchObject({ sub: 'c1', username: 'shopper' });
  });

  it('clear removes the token', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore('shop.adminToken', storage);
    store.set(makeToken({ exp: future() }));

    store.clear();

    expect(storage.getItem('shop.adminToken')).toBeNull();
    expect(store.get()).toBeNull();
    expect(store.payload()).toBeNull();
  });

  it('stores under different keys do not touch each other', () => {
    const storage = new MemoryStorage();
    const admin = createSessionStore('shop.adminToken', storage);
    const customer = createSessionStore('shop.userToken', storage);
    const adminToken = makeToken({ aud: 'shop:staff', exp: future() });
    admin.set(adminToken);

    customer.set(makeToken({ aud: 'shop:customer', exp: future() }));
    customer.clear();

    expect(admin.get()).toBe(adminToken);
  });

  it('drops an expired token from storage when it is read', () => {
    const storage = new MemoryStorage();
    storage.setItem('shop.userToken', makeToken({ exp: past() }));
    const store = createSessionStore('shop.userToken', storage);

    expect(store.get()).toBeNull();
    expect(storage.getItem('shop.userToken')).toBeNull();
  });

  it('drops a malformed token from storage when it is read', () => {
    const storage = new MemoryStorage();
    storage.setItem('shop.userToken', 'header.payload');
    const store = createSessionStore('shop.userToken', storage);

    expect(store.payload()).toBeNull();
    expect(storage.getItem('shop.userToken')).toBeNull();
  });

  it('tells subscribers about set, clear and dropped tokens until they unsubscribe', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore('shop.userToken', storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const token = makeToken({ exp: future() });

    store.set(token);
    store.clear();
    storage.setItem('shop.userToken', makeToken({ exp: past() }));
    store.get();
    unsubscribe();
    store.set(token);

    expect(listener.mock.calls).toEqual([[token], [null], [null]]);
  });

  it('still holds the session for the page when storage refuses access', () => {
    const storage = new MemoryStorage();
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    storage.getItem = refuse;
    storage.setItem = refuse;
    storage.removeItem = refuse;
    const store = createSessionStore('shop.userToken', storage);
    const token = makeToken({ exp: future() });

    store.set(token);
    expect(store.get()).toBe(token);
    store.clear();
    expect(store.get()).toBeNull();
  });
});
