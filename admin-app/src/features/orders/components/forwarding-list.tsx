import { Button, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { useForwardOrder, useSyncOrderForwarding } from '../api/orders.mutations';
import { ORDER_PAGE_SIZE, orderQueries } from '../api/orders.queries';
import { FORWARDING_STATUSES, type ForwardingSearch } from '../schemas/screen-search';
import { ParcelList } from './parcel-list';
import { ForwardingStatusBadge } from './status-badges';
import { SyncLogButton } from './sync-log-button';

type Forwarding = Schemas['OrderForwarding'];

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Forwarding>();

type ForwardingListProps = {
  search: ForwardingSearch;
  onSearchChange: (change: Partial<ForwardingSearch>) => void;
};

/** Spec 2 §3 AliExpress forward rows (id, product, country, shipping, status, aeOrderId, syncLog), with actions. */
export function ForwardingList({ search, onSearchChange }: ForwardingListProps) {
  const list = useQuery({
    ...orderQueries.forwardings({
      page: search.page,
      limit: ORDER_PAGE_SIZE,
      status: search.status === 'all' ? undefined : search.status,
    }),
    placeholderData: keepPreviousData,
  });
  const { filter, setPage } = useListState(search, onSearchChange);
  const forward = useForwardOrder();
  const sync = useSyncOrderForwarding();
  const busy = forward.isPending || sync.isPending;

  const run = async (row: Forwarding, action: 'forward' | 'sync') => {
    const params = { params: { path: { id: row.orderId } } };
    try {
      const { data } = await (action === 'forward' ? forward : sync).mutateAsync(params);
      toast.success(
        action === 'forward'
          ? `Order ${row.orderNumber} forwarded${data.aeOrderId ? ` (supplier order ${data.aeOrderId})` : ''}.`
          : `Tracking of order ${row.orderNumber}: ${data.tracking ?? 'not yet available'}.`,
      );
    } catch (error) {
      toast.error(
        errorMessage(
          error,
          `Failed to ${action === 'forward' ? 'forward' : 'sync'} order ${row.orderNumber}.`,
        ),
      );
    }
  };

  const columns = column.columns([
    column.display({
      id: 'id',
      header: 'ID',
      cell: ({ row }) => (
        <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original.orderId }} size="sm">
          {row.original.orderNumber}
        </AnchorLink>
      ),
    }),
    column.accessor('product', { header: 'Product' }),
    column.accessor('country', { header: 'Country' }),
    column.accessor('shipping', { header: 'Shipping' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <ForwardingStatusBadge status={getValue()} />,
    }),
    column.accessor('aeOrderId', { header: 'AE Order ID', cell: ({ getValue }) => getValue() ?? '—' }),
    column.display({
      id: 'parcels',
      header: 'Parcels',
      cell: ({ row }) => <ParcelList orderId={row.original.orderId} parcels={row.original.parcels ?? []} />,
    }),
    column.display({
      id: 'syncLog',
      header: 'Sync Log',
      cell: ({ row }) => <SyncLogButton orderNumber={row.original.orderNumber} log={row.original.syncLog} />,
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const { status } = row.original;
        if (status === 'Pending' || status === 'Failed')
          return (
            <Button size="compact-sm" disabled={busy} onClick={() => void run(row.original, 'forward')}>
              Forward
            </Button>
          );
        // A shipped order may still have parcels in transit: their carrier's news is synced too.
        if (status === 'Forwarded' || status === 'Shipped')
          return (
            <Button
              size="compact-sm"
              variant="light"
              disabled={busy}
              onClick={() => void run(row.original, 'sync')}
            >
              Sync tracking
            </Button>
          );
        return null;
      },
    }),
  ]);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <FilterSelect
          label="Status"
          w={220}
          options={[{ value: 'all', label: 'All statuses' } as const, ...FORWARDING_STATUSES]}
          value={search.status}
          onChange={(status) => filter({ status })}
        />
      </Paper>
      <ListTable
        label="Forwardings"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row.id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={ORDER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading forwardings..."
        emptyState={<Text c="dimmed">No orders to forward.</Text>}
        errorFallback="Failed to load forwardings."
      />
    </Stack>
  );
}
