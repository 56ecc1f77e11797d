import { useEffect } from 'react';
import { PRODUCT_PAGE_SIZE } from '../schemas/product-list-search';

/** After deletes, a page past the end would show nothing: go to the last page that has rows. */
export function useReturnToLastPage(
  page: number,
  rowCount: number,
  total: number,
  fetching: boolean,
  onSearchChange: (change: { page: number }) => void,
) {
  const lastPage = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));
  const pastTheEnd = !fetching && rowCount === 0 && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ page: lastPage });
  }, [pastTheEnd, lastPage, onSearchChange]);
}
