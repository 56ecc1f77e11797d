import { describe, expect, it, vi } from 'vitest';
import { createPersistedStore } from './persisted-store';

type Counter = { count: number };

function parseCounter(data: unknown): Counter | undefined {
  const count = (data as Partial<Counter> | null)?.count;
  return typeof count === 'number' ? { count } : undefined;
}

describe('persisted store', () => {
  it('reads back what an earlier visit saved', () => {
    localStorage.setItem('test.counter', JSON.stringify({ count: 3 }));
    expect(createPersistedStore('test.counter', parseCounter, { count: 0 }).get()).toEqual({ count: 3 });
  });

  it('falls back, and only logs, when the stored text is broken or of the wrong shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('test.broken', '{not json');
    localStorage.setItem('test.shape', JSON.stringify({ count: 'three' }));

    expect(createPersistedStore('test.broken', parseCounter, { count: 0 }).get()).toEqual({ count: 0 });
    expect(createPersistedStore('test.shape', parseCounter, { count: 0 }).get()).toEqual({ count: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('saves and tells its subscribers', () => {
    const store = createPersistedStore('test.counter', parseCounter, { count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.set({ count: 7 });
    unsubscribe();
    store.set({ count: 8 });

    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('test.counter')).toBe(JSON.stringify({ count: 8 }));
  });
});
