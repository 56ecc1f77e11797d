import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { BulkBar } from '@shop/ui/list-kit/bulk-bar';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { SearchField } from '../../../components/search-field';
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
import { type BulkAction, runBulkAction } from './bulk-action-toast';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ProductStatCards } from './product-stat-cards';
import { RejectProductModal, type RejectTarget } from './reject-product-modal';
import { storeColumns, storeTableFeatures } from './store-columns';
import { useDeleteProductFlow } from './use-delete-product-flow';
import { useReturnToLastPage } from './use-return-to-last-page';

type ProductManagementListProps = {
  search: StoreListSearch;
  /** Writes to the URL; a filter change also sends page 1. */
  onSearchChange: (change: Partial<StoreListSearch>) => void;
  /** The "Supplier health" cell of a product, when the route shows that column. */
  supplierHealth?: (productId: string) => ReactNode;
};

/** Spec 1 §2.8, with the server paging, filtering and searching. */
export function ProductManagementList({
  search,
  onSearchChange,
  supplierHealth,
}: ProductManagementListProps) {
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

  const { selection, filter, setPage } = useListState(search, onSearchChange);
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

  return (
    <Stack gap="md">
      <ProductStatCards />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <FilterSelect
            label="Source"
            options={STORE_SOURCES}
            value={search.source}
            onChange={(source) => filter({ source })}
          />
          <FilterSelect
            label="Status"
            options={STORE_STATUSES}
            value={search.status}
            onChange={(status) => filter({ status })}
          />
          <FilterSelect
            label="Approval"
            options={STORE_APPROVALS.map((value) => ({ value, label: APPROVAL_LABELS[value] }))}
            value={search.approval}
            onChange={(approval) => filter({ approval })}
          />
          <SearchField
            label="Search"
            placeholder="Search products"
            value={search.q}
            onSearch={(q) => filter({ q })}
          />
        </Group>
      </Paper>
      <BulkBar count={selection.count}>
        <Button size="xs" onClick={() => void runBulk('publish')} disabled={bulk.isPending}>
          Publish Selected
        </Button>
        <Button size="xs" variant="default" onClick={() => void runBulk('draft')} disabled={bulk.isPending}>
          Move to Draft
        </Button>
        <Button size="xs" color="red" onClick={() => setConfirmBulkDelete(true)} disabled={bulk.isPending}>
          Delete Selected
        </Button>
      </BulkBar>
      <ListTable
        label="Products"
        query={list}
        features={storeTableFeatures}
        columns={storeColumns({
          rows,
          onDelete: deleteFlow.ask,
          onApprove: (row) => void approveRow(row),
          onReject: (row) => setRejecting({ id: row.id, title: row.fullTitle ?? row.title }),
          approving: approve.isPending ? (approve.variables?.params.path.id ?? null) : null,
          supplierHealth,
        })}
        selection={{
          state: selection,
          allLabel: 'Select all products on this page',
          nameOf: (row) => row.title,
        }}
        data={rows}
        getRowId={(row) => row.id}
        total={total}
        totalCapped={list.data?.meta.capped}
        page={search.page}
        pageSize={PRODUCT_PAGE_SIZE}
        onPageChange={setPage}
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
        errorFallback="Failed to load products."
      />
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
