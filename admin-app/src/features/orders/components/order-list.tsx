import { Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { BulkReport } from '@shop/ui/list-kit/bulk-report';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { saveBlob } from '../../../lib/download';
import { fetchOrdersExport } from '../api/export-orders';
import { ORDER_PAGE_SIZE, orderQueries } from '../api/orders.queries';
import { type AdminOrder, isArchivable } from '../lib/order-status';
import { type OrderListSearch, orderFilters } from '../schemas/order-list-search';
import { OrderBulkBar } from './order-bulk-bar';
import { orderColumns, orderTableFeatures } from './order-columns';
import { OrderListToolbar } from './order-list-toolbar';
import { OrderStatCards } from './order-stat-cards';
import { useBulkOrderActions } from './use-bulk-order-actions';

type OrderListProps = {
  search: OrderListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<OrderListSearch>) => void;
};

/** What the Delete confirmation is about: the ticked orders, or one row's. */
type PendingDelete = { ids: string[]; message: string };

/** Spec 2 §2 Order list, over the store's real orders: the server pages, filters, searches and counts. */
export function OrderList({ search, onSearchChange }: OrderListProps) {
  const list = useQuery({
    ...orderQueries.list({ ...orderFilters(search), page: search.page, limit: ORDER_PAGE_SIZE }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  const { selection, filter, setPage } = useListState(search, onSearchChange);
  const bulk = useBulkOrderActions(rows);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await fetchOrdersExport(orderFilters(search));
      saveBlob(blob, fileName);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export orders.'));
    } finally {
      setExporting(false);
    }
  };

  const askDeleteSelected = () => {
    const chosen = rows.filter((row) => selection.isSelected(row._id));
    const refused = chosen.filter((row) => !isArchivable(row.status)).length;
    setPendingDelete({
      ids: selection.ids,
      message:
        `Delete the ${chosen.length} selected orders? Only cancelled or failed orders are deleted (archived)` +
        (refused > 0 ? `; ${refused} of them will be refused.` : '.'),
    });
  };

  const askDeleteOne = (order: AdminOrder) =>
    setPendingDelete({
      ids: [order._id],
      message: `Delete order ${order.id}? It is archived: hidden from the lists and kept for the books.`,
    });

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    if (await bulk.archive(pendingDelete.ids)) selection.clear();
    setPendingDelete(null);
  };

  return (
    <Stack gap="md">
      <OrderStatCards stats={list.data?.stats} failed={list.isError} />
      <OrderListToolbar
        search={search}
        onFilter={filter}
        exporting={exporting}
        onExport={() => void exportCsv()}
      />
      <OrderBulkBar
        count={selection.count}
        busy={bulk.busy}
        onUpdateStatus={(status) =>
          void bulk.updateStatus(selection.ids, status).then((done) => done && selection.clear())
        }
        onDelete={askDeleteSelected}
      />
      <BulkReport report={bulk.report} onClose={bulk.closeReport} />
      <ListTable
        label="Orders"
        query={list}
        features={orderTableFeatures}
        columns={orderColumns({ onDelete: askDeleteOne })}
        selection={{ state: selection, allLabel: 'Select all orders on this page', nameOf: (row) => row.id }}
        data={rows}
        getRowId={(row) => row._id}
        total={total}
        totalCapped={list.data?.meta.capped}
        page={search.page}
        pageSize={ORDER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading orders..."
        emptyState={<Text c="dimmed">No orders found.</Text>}
        errorFallback="Failed to load orders."
      />
      <ConfirmDialog
        opened={pendingDelete !== null}
        title="Confirm Delete"
        message={pendingDelete?.message ?? ''}
        confirmLabel="Delete"
        danger
        busy={bulk.busy}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
