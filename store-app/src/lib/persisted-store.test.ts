import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPersistedStore } from './persisted-store';

const schema = z.object({ count: z.number() });

describe('persisted store', () => {
  it('reads back what an earlier visit saved', () => {
    localStorage.setItem('test.counter', JSON.stringify({ count: 3 }));
    expect(createPersistedStore('test.counter', schema, { count: 0 }).get()).toEqual({ count: 3 });
  });

  it('falls back, and only logs, when the stored text is broken or of the wrong shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('test.broken', '{not json');
    localStorage.setItem('test.shape', JSON.stringify({ count: 'three' }));

    expect(createPersistedStore('test.broken', schema, { count: 0 }).get()).toEqual({ count: 0 });
    expect(createPersistedStore('test.shape', schema, { count: 0 }).get()).toEqual({ count: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('saves and tells its subscribers', () => {
    const store = createPersistedStore('test.counter', schema, { count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.set({ count: 7 });
    unsubscribe();
    store.set({ count: 8 });

    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('test.counter')).toBe(JSON.stringify({ count: 8 }));
  });
});
