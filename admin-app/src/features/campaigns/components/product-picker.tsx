import { Badge, Button, CloseButton, Group, Input, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchField } from '../../../components/search-field';
import { campaignQueries, PRODUCT_SEARCH_SIZE } from '../api/campaigns.queries';

type ProductPickerProps = {
  /** The chosen products' ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** Names of the products chosen before (an edited campaign's). */
  initial: ReadonlyArray<{ _id: string; name: string }>;
  error?: string | undefined;
};

/** The campaign's products: search the catalogue by title or id, add results, remove chosen ones. */
export function ProductPicker({ value, onChange, initial, error }: ProductPickerProps) {
  const [q, setQ] = useState('');
  const [names, setNames] = useState(() => new Map(initial.map((product) => [product._id, product.name])));
  const results = useQuery({
    ...campaignQueries.products({ q, limit: PRODUCT_SEARCH_SIZE, currency: 'USD' }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const found = q === '' ? [] : (results.data?.data ?? []);

  const add = (id: string, name: string) => {
    setNames((current) => new Map(current).set(id, name));
    onChange([...value, id]);
  };

  return (
    <Input.Wrapper
      label="Products"
      description="Only these products (and the chosen categories') get the discount."
      error={error}
    >
      <Stack gap="xs" mt={4}>
        {value.length > 0 ? (
          <Group gap="xs" role="list" aria-label="Chosen products">
            {value.map((id) => (
              <Badge
                key={id}
                role="listitem"
                variant="light"
                size="lg"
                tt="none"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Remove ${names.get(id) ?? id}`}
                    onClick={() => onChange(value.filter((chosen) => chosen !== id))}
                  />
                }
              >
                {names.get(id) ?? id}
              </Badge>
            ))}
          </Group>
        ) : null}
        <SearchField label="Find products" placeholder="Title or product id" value={q} onSearch={setQ} />
        {q === '' ? null : results.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage(results.error, 'Failed to search the catalogue.')}
          </Text>
        ) : results.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Searching...
            </Text>
          </Group>
        ) : found.length === 0 ? (
          <Text size="sm" c="dimmed">
            No products found.
          </Text>
        ) : (
          <Stack gap={4} role="list" aria-label="Products found">
            {found.map((product) => (
              <Group key={product._id} role="listitem" justify="space-between" wrap="nowrap">
                <Text size="sm" lineClamp={1}>
                  {product.name}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  disabled={value.includes(product._id)}
                  aria-label={`Add ${product.name}`}
                  onClick={() => add(product._id, product.name)}
                >
                  {value.includes(product._id) ? 'Added' : 'Add'}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
