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

/** Pretends the window is `width` pixels wide, as far as `matchMedia` is concerned. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: matchesWidth(query, width),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
