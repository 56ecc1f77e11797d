const EM_PX = 16;

function toPx(value: string, unit: string): number {
  const n = Number.parseFloat(value);
  return unit === 'em' || unit === 'rem' ? n * EM_PX : n;
}

/** Does a `(min-width: …)` / `(max-width: …)` media query hold at this width? Other features never match. */
function matchesWidth(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value = '0', unit = 'px']) =>
    kind === 'min' ? width >= toPx(value, unit) : width <= toPx(value, unit),
  );
}

type Listener = (event: MediaQueryListEvent) => void;
const listeners = new Map<string, Set<Listener>>();
let currentWidth = 1280;

/**
 * Pretends the window is `width` pixels wide, as far as `matchMedia` is concerned; queries whose answer changes
 * tell their listeners, as a browser does when the window is resized.
 */
export function setViewportWidth(width: number) {
  const before = currentWidth;
  currentWidth = width;
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => {
      const registered = listeners.get(query) ?? new Set<Listener>();
      listeners.set(query, registered);
      return {
        matches: matchesWidth(query, currentWidth),
        media: query,
        onchange: null,
        addListener: (listener: Listener) => registered.add(listener),
        removeListener: (listener: Listener) => registered.delete(listener),
        addEventListener: (_type: string, listener: Listener) => registered.add(listener),
        removeEventListener: (_type: string, listener: Listener) => registered.delete(listener),
        dispatchEvent: () => false,
      } as unknown as MediaQueryList;
    },
  });
  for (const [query, registered] of listeners) {
    const matches = matchesWidth(query, width);
    if (matches === matchesWidth(query, before)) continue;
    for (const listener of registered) listener({ matches, media: query } as MediaQueryListEvent);
  }
}
