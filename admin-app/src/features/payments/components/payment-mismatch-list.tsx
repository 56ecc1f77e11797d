import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime, formatMoney } from '@shop/ui/format';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { MISMATCH_PAGE_SIZE, paymentQueries } from '../api/payments.queries';
import { MismatchBadge } from './payment-badges';

type Mismatch = Schemas['PaymentMismatch'];

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Mismatch>();

const columns = column.columns([
  column.accessor('kind', {
    header: 'Mismatch',
    cell: ({ getValue }) => <MismatchBadge kind={getValue()} />,
  }),
  column.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) =>
      row.original.orderId ? (
        <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original.orderId }} size="sm">
          {row.original.orderNumber}
        </AnchorLink>
      ) : (
        row.original.orderNumber
      ),
  }),
  column.accessor('customer', { header: 'Customer', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('provider', { header: 'Provider', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('method', { header: 'Method' }),
  column.display({
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
  }),
  column.accessor('reference', { header: 'Reference', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('at', { header: 'When', cell: ({ getValue }) => formatDateTime(getValue()) }),
]);

type PaymentMismatchListProps = { page: number; onPageChange: (page: number) => void };

/** Money a provider holds without a paid order, and orders marked paid that no provider confirmed. */
export function PaymentMismatchList({ page, onPageChange }: PaymentMismatchListProps) {
  const list = useQuery({
    ...paymentQueries.mismatches({ page, limit: MISMATCH_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>Mismatches</Title>
        <ListTable
          framed={false}
          label="Mismatches"
          query={list}
          features={features}
          columns={columns}
          data={list.data?.data ?? []}
          getRowId={(row) => `${row.kind}-${row.paymentId ?? row.orderId}`}
          total={list.data?.meta.total ?? 0}
          page={page}
          pageSize={MISMATCH_PAGE_SIZE}
          onPageChange={onPageChange}
          loadingText="Loading mismatches..."
          emptyState={<Text c="dimmed">Every charge matches its order.</Text>}
          errorFallback="Failed to load mismatches."
        />
      </Stack>
    </Paper>
  );
}
