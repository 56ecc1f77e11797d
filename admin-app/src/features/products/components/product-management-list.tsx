import { Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { DataTable } from '@shop/ui/data-table';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { useApproveProduct, useBulkProducts } from '../api/products.mutations';
import { productQueries } from '../api/products.queries';
import { errorText } from '../lib/error-text';
import { type StoreRow, toStoreRow } from '../lib/product-rows';
import {
  APPROVAL_LABELS,
  PRODUCT_PAGE_SIZE,
  STORE_APPROVALS,
  STORE_SOURCES,
  STORE_STATUSES,
  type StoreListSearch,
} from '../schemas/product-list-search';
import { BulkActionBar } from './bulk-action-bar';
import { type BulkAction, runBulkAction } from './bulk-action-toast';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ProductStatCards } from './product-stat-cards';
import { RejectProductModal, type RejectTarget } from './reject-product-modal';
import { SearchField } from './search-field';
import { storeColumns, storeTableFeatures } from './store-columns';
import { useDeleteProductFlow } from './use-delete-product-flow';
import { useReturnToLastPage } from './use-return-to-last-page';
import { useRowSelection } from './use-row-selection';

type ProductManagementListProps = {
  search: StoreListSearch;
  /** Writes to the URL; a filter change also sends page 1. */
  onSearchChange: (change: Partial<StoreListSearch>) => void;
};

/** Spec 1 §2.8, with the server paging, filtering and searching. */
export function ProductManagementList({ search, onSearchChange }: ProductManagementListProps) {
  const list = useQuery({
    ...productQueries.list({
      page: search.page,
      limit: PRODUCT_PAGE_SIZE,
      q: search.q || undefined,
      source: search.source === 'all' ? undefined : search.source,
      status: search.status === 'all' ? undefined : search.status,
      approval: search.approval === 'all' ? undefined : search.approval,
    }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.data ?? []).map(toStoreRow);
  const total = list.data?.meta.total ?? 0;

  const selection = useRowSelection(JSON.stringify(search));
  const deleteFlow = useDeleteProductFlow();
  const bulk = useBulkProducts();
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const approve = useApproveProduct();
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);

  const approveRow = async (row: StoreRow) => {
    try {
      const answer = await approve.mutateAsync({ params: { path: { id: row.id } } });
      toast.success(answer.message ?? 'Product approved.');
    } catch (error) {
      toast.error(errorText(error, 'Failed to approve product.'));
    }
  };

  const runBulk = async (action: BulkAction) => {
    const ids = selection.ids;
    const done = await runBulkAction(action, () => bulk.mutateAsync({ body: { action, ids } }));
    if (done) selection.clear();
  };

  useReturnToLastPage(search.page, rows.length, total, list.isFetching, onSearchChange);

  const filter = (change: Partial<StoreListSearch>) => onSearchChange({ ...change, page: 1 });

  return (
    <Stack gap="md">
      <ProductStatCards />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label="Source"
            data={[...STORE_SOURCES]}
            value={search.source}
            onChange={(event) => filter({ source: event.currentTarget.value as StoreListSearch['source'] })}
          />
          <NativeSelect
            label="Status"
            data={[...STORE_STATUSES]}
            value={search.status}
            onChange={(event) => filter({ status: event.currentTarget.value as StoreListSearch['status'] })}
          />
          <NativeSelect
            label="Approval"
            data={STORE_APPROVALS.map((value) => ({ value, label: APPROVAL_LABELS[value] }))}
            value={search.approval}
            onChange={(event) =>
              filter({ approval: event.currentTarget.value as StoreListSearch['approval'] })
            }
          />
          <SearchField
            label="Search"
            placeholder="Search products"
            value={search.q}
            onSearch={(q) => {
              if (q !== search.q) filter({ q });
            }}
          />
        </Group>
      </Paper>
      {selection.count > 0 ? (
        <BulkActionBar
          count={selection.count}
          busy={bulk.isPending}
          onPublish={() => void runBulk('publish')}
          onDraft={() => void runBulk('draft')}
          onDelete={() => setConfirmBulkDelete(true)}
        />
      ) : null}
      <Paper withBorder p="md" radius="md">
        {list.isError && !list.data ? (
          <Text c="red" role="alert">
            {errorText(list.error, 'Failed to load products.')}
          </Text>
        ) : (
          <DataTable
            label="Products"
            features={storeTableFeatures}
            columns={storeColumns({
              rows,
              selection,
              onDelete: deleteFlow.ask,
              onApprove: (row) => void approveRow(row),
              onReject: (row) => setRejecting({ id: row.id, title: row.fullTitle ?? row.title }),
              approving: approve.isPending ? (approve.variables?.params.path.id ?? null) : null,
            })}
            data={rows}
            getRowId={(row) => row.id}
            rowCount={total}
            pagination={{ pageIndex: search.page - 1, pageSize: PRODUCT_PAGE_SIZE }}
            onPaginationChange={({ pageIndex }) => onSearchChange({ page: pageIndex + 1 })}
            loading={list.isPending}
            loadingText="Loading products..."
            emptyState={
              <Stack align="center" gap={4}>
                <Text fw={600}>No products found</Text>
                <Text size="sm" c="dimmed">
                  Get started by creating a new product.
                </Text>
                <AnchorLink to="/manage-admin/products/add-product" size="sm">
                  Add Product
                </AnchorLink>
              </Stack>
            }
          />
        )}
      </Paper>
      <ConfirmDeleteDialog {...deleteFlow.dialog} />
      <RejectProductModal product={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmDeleteDialog
        opened={confirmBulkDelete}
        message={`Are you sure you want to delete the ${selection.count} selected products?`}
        busy={bulk.isPending}
        onCancel={() => setConfirmBulkDelete(false)}
        onConfirm={() => void runBulk('delete').finally(() => setConfirmBulkDelete(false))}
      />
    </Stack>
  );
}
