import { Button, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { formatDate } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { useForwardOrder, useRestoreOrder } from '../api/orders.mutations';
import { ORDER_PAGE_SIZE, orderQueries } from '../api/orders.queries';
import type { AdminOrder } from '../lib/order-status';
import { RECOVERY_STATUSES, type RecoverySearch } from '../schemas/screen-search';
import { OrderStatusBadge } from './status-badges';

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, AdminOrder>();

type RecoveryListProps = {
  search: RecoverySearch;
  onSearchChange: (change: Partial<RecoverySearch>) => void;
};

/** Spec 2 §2 Failed/Cancelled Orders (id, customer, date, reason, status) with Retry and Restore. */
export function RecoveryList({ search, onSearchChange }: RecoveryListProps) {
  const list = useQuery({
    ...orderQueries.list({
      page: search.page,
      limit: ORDER_PAGE_SIZE,
      status: search.status === 'all' ? [...RECOVERY_STATUSES] : [search.status],
    }),
    placeholderData: keepPreviousData,
  });
  const { filter, setPage } = useListState(search, onSearchChange);
  const retry = useForwardOrder();
  const restore = useRestoreOrder();
  const busy = retry.isPending || restore.isPending;

  const retryOrder = async (order: AdminOrder) => {
    try {
      await retry.mutateAsync({ params: { path: { id: order._id } } });
      toast.success(`Order ${order.id} forwarded again.`);
    } catch (error) {
      toast.error(errorMessage(error, `Failed to retry order ${order.id}.`));
    }
  };

  const restoreOrder = async (order: AdminOrder) => {
    try {
      await restore.mutateAsync({ params: { path: { id: order._id } } });
      toast.success(`Order ${order.id} restored to Placed.`);
    } catch (error) {
      toast.error(errorMessage(error, `Failed to restore order ${order.id}.`));
    }
  };

  const columns = column.columns([
    column.display({
      id: 'id',
      header: 'Order ID',
      cell: ({ row }) => (
        <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original._id }} size="sm">
          {row.original.id}
        </AnchorLink>
      ),
    }),
    column.accessor('customer', { header: 'Customer' }),
    column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('reason', { header: 'Reason', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <OrderStatusBadge status={getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.status === 'Failed' ? (
          <Button size="compact-sm" disabled={busy} onClick={() => void retryOrder(row.original)}>
            Retry
          </Button>
        ) : row.original.status === 'Cancelled' ? (
          <Button
            size="compact-sm"
            variant="light"
            disabled={busy}
            onClick={() => void restoreOrder(row.original)}
          >
            Restore
          </Button>
        ) : null,
    }),
  ]);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <FilterSelect
          label="Status"
          w={220}
          options={[{ value: 'all', label: 'Cancelled and Failed' } as const, ...RECOVERY_STATUSES]}
          value={search.status}
          onChange={(status) => filter({ status })}
        />
      </Paper>
      <ListTable
        label="Failed and cancelled orders"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={ORDER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading orders..."
        emptyState={<Text c="dimmed">No orders found.</Text>}
        errorFallback="Failed to load orders."
      />
    </Stack>
  );
}
