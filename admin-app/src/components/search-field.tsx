import { SearchField as ListSearchField, type SearchFieldProps } from '@shop/ui/list-kit/search-field';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/** The list kit's search box, which drops a waiting search once the admin navigates away (a row's View). */
export function SearchField(props: Omit<SearchFieldProps, 'onLeave'>) {
  const router = useRouter();
  const onLeave = useCallback(
    (cancel: () => void) => router.subscribe('onBeforeNavigate', () => cancel()),
    [router],
  );
  return <ListSearchField {...props} onLeave={onLeave} />;
}
