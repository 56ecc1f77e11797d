/** A flag that turns true once and stays true, read with `useSyncExternalStore(latch.subscribe, latch.get)`. */
export function createLatch() {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: (): boolean => value,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(): void {
      if (value) return;
      value = true;
      for (const listener of listeners) listener();
    },
  };
}
