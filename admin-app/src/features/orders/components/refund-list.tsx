import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AnchorLink } from '../../../components/router-links';
import { useProcessRefund } from '../api/orders.mutations';
import { ORDER_PAGE_SIZE, orderQueries } from '../api/orders.queries';
import { REFUND_STATUSES, type RefundSearch } from '../schemas/screen-search';
import { RefundStatusBadge } from './status-badges';

type Refund = Schemas['Refund'];

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Refund>();

type RefundListProps = {
  search: RefundSearch;
  onSearchChange: (change: Partial<RefundSearch>) => void;
};

/** Spec 2 §2 Refund Handling (id, orderId, customer, amount, status, reason) with View and Process. */
export function RefundList({ search, onSearchChange }: RefundListProps) {
  const list = useQuery({
    ...orderQueries.refunds({
      page: search.page,
      limit: ORDER_PAGE_SIZE,
      status: search.status === 'all' ? undefined : search.status,
    }),
    placeholderData: keepPreviousData,
  });
  const { filter, setPage } = useListState(search, onSearchChange);
  const process = useProcessRefund();
  const [confirming, setConfirming] = useState<Refund | null>(null);

  const processRefund = async (refund: Refund) => {
    try {
      await process.mutateAsync({ params: { path: { id: refund._id } } });
      toast.success(`Refund ${refund.id} completed.`);
    } catch (error) {
      toast.error(errorMessage(error, `Failed to process refund ${refund.id}.`));
    } finally {
      setConfirming(null);
    }
  };

  const columns = column.columns([
    column.accessor('id', { header: 'ID' }),
    column.accessor('orderNumber', { header: 'Order ID' }),
    column.accessor('customer', { header: 'Customer' }),
    column.display({
      id: 'amount',
      header: 'Amount',
      cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <RefundStatusBadge status={getValue()} />,
    }),
    column.accessor('reason', { header: 'Reason' }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original.orderId }} size="sm">
            View
          </AnchorLink>
          {row.original.status === 'Pending' ? (
            <Button
              size="compact-sm"
              disabled={process.isPending}
              onClick={() => setConfirming(row.original)}
            >
              Process
            </Button>
          ) : null}
        </Group>
      ),
    }),
  ]);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <FilterSelect
          label="Status"
          w={220}
          options={[{ value: 'all', label: 'All statuses' } as const, ...REFUND_STATUSES]}
          value={search.status}
          onChange={(status) => filter({ status })}
        />
      </Paper>
      <ListTable
        label="Refunds"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={ORDER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading refunds..."
        emptyState={<Text c="dimmed">No refunds found.</Text>}
        errorFallback="Failed to load refunds."
      />
      <ConfirmDialog
        opened={confirming !== null}
        title="Process Refund"
        message={
          confirming
            ? `Pay back ${formatMoney(confirming.amount, confirming.currency)} to ${confirming.customer} for order ${confirming.orderNumber}?`
            : ''
        }
        confirmLabel="Process"
        busy={process.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void processRefund(confirming);
        }}
      />
    </Stack>
  );
}
