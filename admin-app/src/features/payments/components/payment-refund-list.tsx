import { Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime, formatMoney } from '@shop/ui/format';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { PAYMENT_PAGE_SIZE, paymentQueries } from '../api/payments.queries';

type PaymentRefund = Schemas['PaymentRefund'];

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, PaymentRefund>();

const columns = column.columns([
  column.accessor('id', { header: 'ID' }),
  column.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) => (
      <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original.orderId }} size="sm">
        {row.original.orderNumber}
      </AnchorLink>
    ),
  }),
  column.accessor('provider', {
    header: 'Provider',
    cell: ({ getValue }) => {
      const provider = getValue();
      return provider === null ? 'Unknown' : provider === 'manual' ? 'Manual' : provider;
    },
  }),
  column.accessor('status', { header: 'State' }),
  column.display({
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
  }),
  column.accessor('gatewayRef', { header: 'Gateway reference', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('createdAt', { header: 'Created', cell: ({ getValue }) => formatDateTime(getValue()) }),
]);

type PaymentRefundListProps = { page: number; onPageChange: (page: number) => void };

/** The Refunds tab: every refund with the provider that paid it back, or Manual when staff pay it by hand. */
export function PaymentRefundList({ page, onPageChange }: PaymentRefundListProps) {
  const list = useQuery({
    ...paymentQueries.refunds({ page, limit: PAYMENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <ListTable
      label="Refunds by provider"
      query={list}
      features={features}
      columns={columns}
      data={list.data?.data ?? []}
      getRowId={(row) => row._id}
      total={list.data?.meta.total ?? 0}
      page={page}
      pageSize={PAYMENT_PAGE_SIZE}
      onPageChange={onPageChange}
      loadingText="Loading refunds..."
      emptyState={<Text c="dimmed">No refunds found.</Text>}
      errorFallback="Failed to load refunds."
    />
  );
}
