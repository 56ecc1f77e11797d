import { Group, Paper, Stack, Text } from '@mantine/core';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SearchField } from '../../../components/search-field';
import { saveBlob } from '../../../lib/download';
import { type ExportFormat, fetchProductsExport } from '../api/export-products';
import { useBulkProducts } from '../api/products.mutations';
import { LIST_CURRENCY, productQueries } from '../api/products.queries';
import { errorText } from '../lib/error-text';
import { toCatalogueRow } from '../lib/product-rows';
import { CATALOGUE_SOURCES, type CatalogueSearch, PRODUCT_PAGE_SIZE } from '../schemas/product-list-search';
import { type BulkAction, runBulkAction } from './bulk-action-toast';
import { BulkEditModal } from './bulk-edit-modal';
import { catalogueColumns, catalogueTableFeatures } from './catalogue-columns';
import { CatalogueToolbar } from './catalogue-toolbar';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { useDeleteProductFlow } from './use-delete-product-flow';
import { useReturnToLastPage } from './use-return-to-last-page';

const SOURCE_OPTIONS = CATALOGUE_SOURCES.map((value) => ({
  value,
  label: value === 'all' ? 'All Sources' : value,
}));

type CatalogueListProps = {
  search: CatalogueSearch;
  /** Writes to the URL; a filter change also sends page 1. */
  onSearchChange: (change: Partial<CatalogueSearch>) => void;
};

/** Spec 1 §2.9, with the server paging and filtering and every toolbar button working. */
export function CatalogueList({ search, onSearchChange }: CatalogueListProps) {
  const navigate = useNavigate();
  const filters = {
    q: search.q || undefined,
    source: search.source === 'all' ? undefined : search.source,
  };
  const list = useQuery({
    ...productQueries.list({ page: search.page, limit: PRODUCT_PAGE_SIZE, ...filters }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.data ?? []).map(toCatalogueRow);
  const total = list.data?.meta.total ?? 0;
  useReturnToLastPage(search.page, rows.length, total, list.isFetching, onSearchChange);

  const { selection, filter, setPage } = useListState(search, onSearchChange);
  const deleteFlow = useDeleteProductFlow();
  const bulk = useBulkProducts();
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [bulkEditOpen, setBulkEditOpen] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const runBulk = async (action: BulkAction) => {
    const ids = selection.ids;
    const done = await runBulkAction(action, () => bulk.mutateAsync({ body: { action, ids } }));
    if (done) selection.clear();
  };

  const exportList = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const { blob, fileName } = await fetchProductsExport({ format, currency: LIST_CURRENCY, ...filters });
      saveBlob(blob, fileName);
    } catch (error) {
      toast.error(errorText(error, 'Export failed.'));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <FilterSelect
              label="Source"
              options={SOURCE_OPTIONS}
              value={search.source}
              onChange={(source) => filter({ source })}
            />
            <SearchField
              label="Name, SKU, Tag"
              placeholder="Search by Name, SKU, Tag"
              value={search.q}
              onSearch={(q) => filter({ q })}
            />
          </Group>
          <CatalogueToolbar
            selectedCount={selection.count}
            busy={bulk.isPending}
            exporting={exporting}
            onEdit={() => {
              const [id] = selection.ids;
              if (id) void navigate({ to: '/manage-admin/products/edit-product/$id', params: { id } });
            }}
            onDisable={() => void runBulk('disable')}
            onDelete={() => setConfirmBulkDelete(true)}
            onBulkEdit={() => setBulkEditOpen(true)}
            onExport={(format) => void exportList(format)}
          />
        </Stack>
      </Paper>
      <ListTable
        label="Product list"
        query={list}
        features={catalogueTableFeatures}
        columns={catalogueColumns({ onDelete: deleteFlow.ask })}
        selection={{
          state: selection,
          allLabel: 'Select all products on this page',
          nameOf: (row) => row.title ?? row.productId,
        }}
        data={rows}
        getRowId={(row) => row._id}
        total={total}
        totalCapped={list.data?.meta.capped}
        page={search.page}
        pageSize={PRODUCT_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading products..."
        emptyState={<Text c="dimmed">No products found.</Text>}
        errorFallback="Failed to load products."
      />
      <ConfirmDeleteDialog {...deleteFlow.dialog} />
      <ConfirmDeleteDialog
        opened={confirmBulkDelete}
        message={`Are you sure you want to delete the ${selection.count} selected products?`}
        busy={bulk.isPending}
        onCancel={() => setConfirmBulkDelete(false)}
        onConfirm={() => void runBulk('delete').finally(() => setConfirmBulkDelete(false))}
      />
      <BulkEditModal
        opened={bulkEditOpen}
        count={selection.count}
        busy={bulk.isPending}
        onClose={() => setBulkEditOpen(false)}
        onApply={(action) => void runBulk(action).finally(() => setBulkEditOpen(false))}
      />
    </Stack>
  );
}
