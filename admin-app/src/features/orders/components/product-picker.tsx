import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney } from '@shop/ui/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { orderQueries } from '../api/orders.queries';
import type { ManualOrderBody, ManualOrderValues } from '../schemas/manual-order.schema';

// Typing settles for this long before the picker asks the server.
const SEARCH_DEBOUNCE_MS = 300;

type Option = { value: string; label: string };

/** The manual order's product: a searchable select over the catalogue (GET /product/), searched by the server. */
export function ProductPicker({
  control,
}: {
  control: Control<ManualOrderValues, unknown, ManualOrderBody>;
}) {
  const { field, fieldState } = useController({ control, name: 'productId' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The chosen product stays an option when a later search no longer lists it.
  const [chosen, setChosen] = useState<Option | null>(null);
  const products = useQuery({ ...orderQueries.products(debounced), placeholderData: keepPreviousData });

  const options: Option[] = (products.data?.data ?? []).map((product) => ({
    value: product._id,
    label: `${product.name} · ${formatMoney(product.price, product.currency)}${product.availableStock === 0 ? ' · out of stock' : ''}`,
  }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);

  return (
    <Select
      ref={field.ref}
      name={field.name}
      label="Product"
      placeholder="Search products"
      withAsterisk
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered the list by the search text.
      filter={({ options: all }) => all}
      data={options}
      value={field.value || null}
      onChange={(value) => {
        setChosen(options.find((option) => option.value === value) ?? null);
        field.onChange(value ?? '');
      }}
      onBlur={field.onBlur}
      nothingFoundMessage={products.isFetching ? 'Loading products...' : 'No products found'}
      error={fieldState.error?.message}
    />
  );
}
