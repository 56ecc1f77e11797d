import { useSyncExternalStore } from 'react';

/** Reads a stored value back: the value in its current shape, or undefined when it is not one. */
export type StoredParser<T> = (data: unknown) => T | undefined;

export type PersistedStore<T> = {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
};

/**
 * A value kept in localStorage and shared by every component that reads it. Stored data is checked by
 * `parse` so an old or hand-edited entry falls back instead of breaking the app; storage problems
 * (private mode, quota) are only logged, as the spec asks for the cart.
 */
export function createPersistedStore<T>(key: string, parse: StoredParser<T>, fallback: T): PersistedStore<T> {
  const listeners = new Set<() => void>();
  let current = load();

  function load(): T {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return fallback;
      return parse(JSON.parse(raw)) ?? fallback;
    } catch (error) {
      console.warn(`Could not read ${key} from storage`, error);
      return fallback;
    }
  }

  return {
    get: () => current,
    set(next) {
      current = next;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch (error) {
        console.warn(`Could not save ${key} to storage`, error);
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function usePersistedStore<T>(store: PersistedStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
