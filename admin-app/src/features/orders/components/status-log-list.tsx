import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { SearchField } from '../../../components/search-field';
import { ORDER_PAGE_SIZE, orderQueries } from '../api/orders.queries';
import { ORDER_STATUSES } from '../lib/order-status';
import type { StatusLogSearch } from '../schemas/screen-search';
import { OrderStatusBadge } from './status-badges';

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Schemas['OrderStatusLog']>();

const columns = column.columns([
  column.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) => (
      <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original.orderId }} size="sm">
        {row.original.orderNumber}
      </AnchorLink>
    ),
  }),
  column.accessor('customer', { header: 'Customer' }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ getValue }) => <OrderStatusBadge status={getValue()} />,
  }),
  column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDateTime(getValue()) }),
  column.accessor('by', { header: 'By' }),
  column.accessor('note', { header: 'Note', cell: ({ getValue }) => getValue() ?? '—' }),
]);

type StatusLogListProps = {
  search: StatusLogSearch;
  onSearchChange: (change: Partial<StatusLogSearch>) => void;
};

/** Spec 2 §2 Order Status History Logs: every status change across orders, newest first. */
export function StatusLogList({ search, onSearchChange }: StatusLogListProps) {
  const list = useQuery({
    ...orderQueries.statusLogs({
      page: search.page,
      limit: ORDER_PAGE_SIZE,
      q: search.q || undefined,
      status: search.status === 'all' ? undefined : search.status,
      from: search.from,
      to: search.to,
    }),
    placeholderData: keepPreviousData,
  });
  const { filter, setPage } = useListState(search, onSearchChange);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <SearchField
            label="Search"
            placeholder="Order ID or customer"
            value={search.q}
            onSearch={(q) => filter({ q })}
          />
          <FilterSelect
            label="Status"
            options={[{ value: 'all', label: 'All statuses' } as const, ...ORDER_STATUSES]}
            value={search.status}
            onChange={(status) => filter({ status })}
          />
          <TextInput
            type="date"
            label="From"
            value={search.from ?? ''}
            onChange={(event) => filter({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label="To"
            value={search.to ?? ''}
            onChange={(event) => filter({ to: event.currentTarget.value || undefined })}
          />
        </Group>
      </Paper>
      <ListTable
        label="Status logs"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={ORDER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading status logs..."
        emptyState={<Text c="dimmed">No status changes found.</Text>}
        errorFallback="Failed to load status logs."
      />
    </Stack>
  );
}
