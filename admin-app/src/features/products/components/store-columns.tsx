import { Button, Group, Stack, Text } from '@mantine/core';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/router-links';
import type { StoreRow } from '../lib/product-rows';
import { ProductApprovalBadge } from './product-approval-badge';
import { ProductStatusBadge } from './product-status-badge';
import { ProductThumb } from './product-thumb';

export const storeTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof storeTableFeatures, StoreRow>();

type StoreColumnsOptions = {
  /** Every row's money is in the store's currency; the headers the spec does not fix name it. */
  rows: StoreRow[];
  onDelete: (id: string) => void;
  /** Rows pending approval: Approve at once, Reject asks for the reason. */
  onApprove: (row: StoreRow) => void;
  onReject: (row: StoreRow) => void;
  /** The row whose approval is being sent, if any. */
  approving: string | null;
  /** The "Supplier health" cell (OK or the worst open supplier alert); no such column without it. */
  supplierHealth?: ((productId: string) => ReactNode) | undefined;
};

/**
 * Spec 1 §2.8 columns (after the list kit's checkbox): Product, SKU, Price, Status, Source, Actions, with Cost and
 * Margin beside Price (all three in the store's currency).
 */
export function storeColumns({
  rows,
  onDelete,
  onApprove,
  onReject,
  approving,
  supplierHealth,
}: StoreColumnsOptions) {
  const currency = rows.find((row) => row.currency)?.currency;
  const inCurrency = (header: string) => (currency ? `${header} (${currency})` : header);
  return column.columns([
    column.display({
      id: 'product',
      header: 'Product',
      cell: ({ row }) => (
        <Group gap="sm" wrap="nowrap">
          <ProductThumb src={row.original.image} />
          <Stack gap={2}>
            <Text
              size="sm"
              fw={500}
              c={row.original.invalid ? 'red' : undefined}
              title={row.original.fullTitle}
            >
              {row.original.title}
            </Text>
            <Text size="xs" c="dimmed">
              ID: {row.original.id}
            </Text>
          </Stack>
        </Group>
      ),
    }),
    column.accessor('sku', { header: 'SKU', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('price', { header: 'Price', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('cost', { header: inCurrency('Cost'), cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('margin', { header: inCurrency('Margin'), cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row, getValue }) => (
        <Stack gap={4} align="flex-start">
          <ProductStatusBadge status={getValue()} />
          <ProductApprovalBadge approval={row.original.approval} note={row.original.approvalNote} />
        </Stack>
      ),
    }),
    column.accessor('source', { header: 'Source' }),
    ...(supplierHealth
      ? [
          column.display({
            id: 'supplierHealth',
            header: 'Supplier health',
            cell: ({ row }) => supplierHealth(row.original.id),
          }),
        ]
      : []),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <AnchorLink to="/manage-admin/products/edit-product/$id" params={{ id: row.original.id }} size="sm">
            Edit
          </AnchorLink>
          <AnchorLink to="/manage-admin/products/product-viewer" search={{ id: row.original.id }} size="sm">
            View
          </AnchorLink>
          {row.original.approval === 'pending' ? (
            <>
              <Button
                variant="light"
                color="teal"
                size="compact-sm"
                loading={approving === row.original.id}
                onClick={() => onApprove(row.original)}
              >
                Approve
              </Button>
              <Button variant="light" color="orange" size="compact-sm" onClick={() => onReject(row.original)}>
                Reject
              </Button>
            </>
          ) : null}
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => onDelete(row.original.id)}>
            Delete
          </Button>
        </Group>
      ),
    }),
  ]);
}
