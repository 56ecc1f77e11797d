import { Badge, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { formatDate, formatMoney } from '../format';

type LedgerEntry = Schemas['VendorLedgerEntry'];

export const ledgerTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof ledgerTableFeatures, LedgerEntry>();

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  sale: 'Sale',
  commission: 'Commission',
  refund: 'Refund',
  commission_reversal: 'Commission returned',
  payout: 'Payout',
};

const KIND_COLORS: Record<LedgerEntry['kind'], string> = {
  sale: 'teal',
  commission: 'orange',
  refund: 'red',
  commission_reversal: 'cyan',
  payout: 'blue',
};

/**
 * A vendor's earnings ledger (the vendor panel's Earnings and the back office's vendor drawer): one row per change
 * of the balance, amounts in USD with the order's own amount beside them.
 */
export const ledgerColumns = column.columns([
  column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDate(getValue()) }),
  column.accessor('kind', {
    header: 'Type',
    cell: ({ getValue }) => (
      <Badge variant="light" color={KIND_COLORS[getValue()]}>
        {KIND_LABELS[getValue()]}
      </Badge>
    ),
  }),
  column.display({
    id: 'detail',
    header: 'Order / Reference',
    cell: ({ row }) => {
      const entry = row.original;
      return (
        <Stack gap={0}>
          <Text size="sm">{entry.orderNumber ?? entry.reference ?? '—'}</Text>
          {entry.lineName || entry.note ? (
            <Text size="xs" c="dimmed">
              {entry.lineName ?? entry.note}
            </Text>
          ) : null}
        </Stack>
      );
    },
  }),
  column.accessor('orderAmount', {
    header: 'Order amount',
    cell: ({ row }) =>
      row.original.orderAmount !== null && row.original.orderCurrency
        ? formatMoney(row.original.orderAmount, row.original.orderCurrency)
        : '—',
  }),
  column.accessor('amount', {
    header: 'Amount (USD)',
    cell: ({ getValue }) => (
      <Text size="sm" fw={500} c={getValue() < 0 ? 'red' : undefined}>
        {formatMoney(getValue(), 'USD')}
      </Text>
    ),
  }),
]);
