import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchField } from '../../../components/search-field';
import { useAssignFactoryProducts } from '../api/d2c.mutations';
import { factoryQueries, PICKER_PAGE_SIZE } from '../api/d2c.queries';

type Factory = Schemas['Factory'];

type ProductPickerModalProps = {
  factory: Factory;
  opened: boolean;
  onClose: () => void;
};

/** Add products: search the catalogue by title or id, tick products, and assign them to the factory. */
export function ProductPickerModal({ factory, opened, onClose }: ProductPickerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Add products to ${factory.name}`} centered size="lg">
      {opened ? <ProductPicker factory={factory} onDone={onClose} /> : null}
    </Modal>
  );
}

function ProductPicker({ factory, onDone }: { factory: Factory; onDone: () => void }) {
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const assign = useAssignFactoryProducts();
  const results = useQuery({
    ...factoryQueries.catalogue({ q: q || undefined, limit: PICKER_PAGE_SIZE, currency: 'USD' }),
    placeholderData: keepPreviousData,
  });
  const products = results.data?.data ?? [];

  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = async () => {
    setFailure(null);
    try {
      const answer = await assign.mutateAsync({
        params: { path: { id: factory._id } },
        body: { productIds: [...picked] },
      });
      toast.success(answer.message ?? 'Products assigned.');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, 'The products could not be assigned.'));
    }
  };

  const n = picked.size;
  return (
    <Stack gap="sm">
      <SearchField label="Search products" placeholder="Title or product id" value={q} onSearch={setQ} />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <ScrollArea.Autosize mah={360}>
        {results.isError ? (
          <Text c="red" role="alert">
            {errorMessage(results.error, 'Failed to search the catalogue.')}
          </Text>
        ) : results.isPending ? (
          <Group gap="xs" py="md">
            <Loader size="sm" />
            <Text c="dimmed">Searching...</Text>
          </Group>
        ) : products.length === 0 ? (
          <Text c="dimmed" py="md">
            No products found.
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Products found">
            {products.map((product) => {
              const assigned = product.storeId === factory._id;
              return (
                <Group key={product._id} role="listitem" justify="space-between" wrap="nowrap" gap="sm">
                  <Checkbox
                    label={product.name}
                    description={`${product.productId} · ${formatMoney(product.price, product.currency)}`}
                    checked={assigned || picked.has(product._id)}
                    disabled={assigned}
                    onChange={() => toggle(product._id)}
                  />
                  {assigned ? (
                    <Badge variant="light" color="gray">
                      Already assigned
                    </Badge>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {n === 0 ? 'No products selected' : `${n} selected`}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button disabled={n === 0} loading={assign.isPending} onClick={() => void submit()}>
            {n === 1 ? 'Assign 1 product' : `Assign ${n} products`}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
