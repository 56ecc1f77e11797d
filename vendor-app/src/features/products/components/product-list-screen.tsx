import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useDeleteVendorProduct } from '../api/product-list.mutations';
import { PRODUCT_LIST_PAGE_SIZE, productListQuery } from '../api/product-list.queries';
import type { ProductListSearch } from '../schemas/product-list-search';
import { productListColumns, productListTableFeatures } from './product-list-columns';
import { ProductListDeleteDialog } from './product-list-delete-dialog';

type VendorProduct = Schemas['VendorProductListItem'];

type ProductListScreenProps = {
  search: ProductListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<ProductListSearch>) => void;
};

/** The vendor's own products, paged and searched by the server, each with what staff decided about it. */
export function ProductListScreen({ search, onSearchChange }: ProductListScreenProps) {
  const { data, error, isPending, isFetching } = useQuery({
    ...productListQuery({ page: search.page, limit: PRODUCT_LIST_PAGE_SIZE, q: search.q || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = data?.data ?? [];
  const total = data?.meta.total ?? 0;

  // A delete can empty the last page: go back to the page that now is the last.
  useEffect(() => {
    if (!isFetching && rows.length === 0 && total > 0 && search.page > 1) {
      onSearchChange({ page: Math.max(1, Math.ceil(total / PRODUCT_LIST_PAGE_SIZE)) });
    }
  }, [isFetching, rows.length, total, search.page, onSearchChange]);

  const [typed, setTyped] = useState(search.q);
  useEffect(() => setTyped(search.q), [search.q]);
  const searchFor = useDebouncedCallback((q: string) => {
    if (q.trim() !== search.q) onSearchChange({ q: q.trim(), page: 1 });
  }, 300);

  const [deleting, setDeleting] = useState<VendorProduct | null>(null);
  const remove = useDeleteVendorProduct();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: deleting._id } } });
      toast.success(answer.message ?? 'Product deleted successfully.');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to delete product.'));
    } finally {
      setDeleting(null);
    }
  };

  const columns = useMemo(() => productListColumns({ onDelete: setDeleting }), []);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search your products"
          value={typed}
          maxLength={200}
          w={{ base: '100%', sm: 320 }}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchFor(event.currentTarget.value);
          }}
        />
        <Button component={Link} to="/manage-vandor/products/new">
          Add Product
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert" title="Products could not be loaded">
          {errorMessage(error, 'Please try again.')}
        </Alert>
      ) : null}
      <DataTable
        features={productListTableFeatures}
        columns={columns}
        data={rows}
        rowCount={total}
        pagination={{ pageIndex: search.page - 1, pageSize: PRODUCT_LIST_PAGE_SIZE }}
        onPaginationChange={({ pageIndex }) => onSearchChange({ page: pageIndex + 1 })}
        loading={isPending || (isFetching && !data)}
        loadingText="Loading products..."
        emptyState={
          <Stack align="center" gap={4}>
            <Text fw={600}>No products found.</Text>
            {search.q ? (
              <Text size="sm" c="dimmed">
                No product matches “{search.q}”.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Add your first product; shoppers see it once staff approve it.{' '}
                <Anchor component={Link} to="/manage-vandor/products/new" size="sm">
                  Add Product
                </Anchor>
              </Text>
            )}
          </Stack>
        }
        getRowId={(product) => product._id}
        label="Products"
      />
      <ProductListDeleteDialog
        title={deleting?.name ?? null}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
