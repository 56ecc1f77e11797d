import { useRowSelection } from './use-row-selection';

/** What every list keeps in its route's search params: at least the page, 1-based. */
export type PagedSearch = { page: number };

/**
 * The list's state as the URL holds it (`search`, validated by the route) and the ways to change it: a filter,
 * search or sort change goes back to page 1; the ticked rows belong to what the URL shows.
 */
export function useListState<TSearch extends PagedSearch>(
  search: TSearch,
  /** Writes a change into the route's search params. */
  onSearchChange: (change: Partial<TSearch>) => void,
) {
  const selection = useRowSelection(JSON.stringify(search));
  return {
    search,
    selection,
    setPage: (page: number) => onSearchChange({ page } as Partial<TSearch>),
    filter: (change: Partial<TSearch>) => onSearchChange({ ...change, page: 1 }),
  };
}

export type ListState<TSearch extends PagedSearch> = ReturnType<typeof useListState<TSearch>>;
