import { useState } from 'react';

/**
 * Which rows of the current page are ticked. The selection belongs to one page of one filter (`scope`): moving to
 * another page or filter starts with nothing ticked, so a bulk action never reaches rows the user cannot see.
 */
export function useRowSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: new Set() });
  const ids = state.scope === scope ? state.ids : new Set<string>();

  const update = (next: Set<string>) => setState({ scope, ids: next });

  return {
    ids: [...ids],
    count: ids.size,
    isSelected: (id: string) => ids.has(id),
    toggle(id: string) {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      update(next);
    },
    /** Ticks every id given, or clears them all when every one is already ticked. */
    toggleAll(pageIds: readonly string[]) {
      const allTicked = pageIds.length > 0 && pageIds.every((id) => ids.has(id));
      update(allTicked ? new Set() : new Set(pageIds));
    },
    clear: () => update(new Set()),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
