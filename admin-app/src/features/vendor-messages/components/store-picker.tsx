import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { vendorMessageQueries } from '../api/vendor-messages.queries';

// Typing settles for this long before the picker asks the server.
const SEARCH_DEBOUNCE_MS = 300;

export type StoreOption = { value: string; label: string };

type StorePickerProps = {
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (store: StoreOption | null) => void;
  /** The chosen store as known before any search (from the URL and the list), so its name shows at once. */
  known?: StoreOption | null;
  clearable?: boolean;
  withAsterisk?: boolean;
  error?: string | undefined;
  onBlur?: () => void;
};

/** A searchable select over the active vendor stores (GET /vendor-applications?status=active), searched by the server. */
export function StorePicker({ value, onChange, known = null, ...props }: StorePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The chosen store stays an option when a later search no longer lists it.
  const [chosen, setChosen] = useState<StoreOption | null>(null);
  const stores = useQuery({ ...vendorMessageQueries.stores(debounced), placeholderData: keepPreviousData });

  const options: StoreOption[] = (stores.data?.data ?? []).map((store) => ({
    value: store._id,
    label: `${store.name} · ${store.email}`,
  }));
  for (const kept of [chosen, known]) {
    if (kept && kept.value === value && !options.some((option) => option.value === kept.value)) {
      options.unshift(kept);
    }
  }

  return (
    <Select
      {...props}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered the list by the search text.
      filter={({ options: all }) => all}
      data={options}
      value={value}
      onChange={(next) => {
        const option = options.find((candidate) => candidate.value === next) ?? null;
        setChosen(option);
        onChange(option);
      }}
      nothingFoundMessage={stores.isFetching ? 'Loading stores...' : 'No active vendor stores found'}
    />
  );
}
