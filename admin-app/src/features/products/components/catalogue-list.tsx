import { Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { DataTable } from '@shop/ui/data-table';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
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
import { SearchField } from './search-field';
import { useDeleteProductFlow } from './use-delete-product-flow';
import { useReturnToLastPage } from './use-return-to-last-page';
import { useRowSelection } from './use-row-selection';

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

  const selection = useRowSelection(JSON.stringify(search));
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

  const filter = (change: Partial<CatalogueSearch>) => onSearchChange({ ...change, page: 1 });

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <NativeSelect
              label="Source"
              data={SOURCE_OPTIONS}
              value={search.source}
              onChange={(event) => filter({ source: event.currentTarget.value as CatalogueSearch['source'] })}
            />
            <SearchField
              label="Name, SKU, Tag"
              placeholder="Search by Name, SKU, Tag"
              value={search.q}
              onSearch={(q) => {
                if (q !== search.q) filter({ q });
              }}
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
      <Paper withBorder p="md" radius="md">
        {list.isError && !list.data ? (
          <Text c="red" role="alert">
            {errorText(list.error, 'Failed to load products.')}
          </Text>
        ) : (
          <DataTable
            label="Product list"
            features={catalogueTableFeatures}
            columns={catalogueColumns({ rows, selection, onDelete: deleteFlow.ask })}
            data={rows}
            getRowId={(row) => row._id}
            rowCount={total}
            pagination={{ pageIndex: search.page - 1, pageSize: PRODUCT_PAGE_SIZE }}
            onPaginationChange={({ pageIndex }) => onSearchChange({ page: pageIndex + 1 })}
            loading={list.isPending}
            loadingText="Loading products..."
            emptyState={<Text c="dimmed">No products found.</Text>}
          />
        )}
      </Paper>
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
