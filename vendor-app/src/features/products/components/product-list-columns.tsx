import { Anchor, Badge, Button, Group, Image, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';

type VendorProduct = Schemas['VendorProductListItem'];

export const productListTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof productListTableFeatures, VendorProduct>();

const STATUS_COLORS: Record<VendorProduct['status'], string> = {
  published: 'teal',
  draft: 'gray',
  out_of_stock: 'orange',
  disabled: 'dark',
};

/** What staff decided, as the vendor reads it; a rejection carries its reason. */
export function approvalText(product: Pick<VendorProduct, 'approval' | 'approvalNote'>): string {
  if (product.approval === 'pending') return 'Pending approval';
  if (product.approval === 'approved') return 'Approved';
  return product.approvalNote ? `Rejected: ${product.approvalNote}` : 'Rejected';
}

const APPROVAL_COLORS: Record<VendorProduct['approval'], string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
};

/** Image, Title, Price, Stock, Status, Approval and the row's actions. */
export function productListColumns({ onDelete }: { onDelete: (product: VendorProduct) => void }) {
  return column.columns([
    column.display({
      id: 'image',
      header: 'Image',
      cell: ({ row }) =>
        row.original.images[0] ? (
          <Image src={row.original.images[0]} alt="" w={48} h={48} radius="sm" fit="cover" />
        ) : (
          <Text size="xs" c="dimmed">
            No image
          </Text>
        ),
    }),
    column.accessor('name', {
      header: 'Title',
      cell: ({ getValue }) => (
        <Text size="sm" fw={500} lineClamp={2} maw={320}>
          {getValue()}
        </Text>
      ),
    }),
    column.accessor('price', {
      header: 'Price',
      cell: ({ row }) => formatMoney(row.original.price, row.original.currency),
    }),
    column.accessor('availableStock', { header: 'Stock' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        // On a phone the table scrolls sideways rather than squeeze the badge until it reads 'pu…'.
        <Badge variant="light" color={STATUS_COLORS[getValue()]} miw="max-content">
          {getValue().replaceAll('_', ' ')}
        </Badge>
      ),
    }),
    column.accessor('approval', {
      header: 'Approval',
      cell: ({ row }) =>
        row.original.approval === 'rejected' ? (
          <Text size="sm" c="red" maw={260}>
            {approvalText(row.original)}
          </Text>
        ) : (
          <Badge variant="light" color={APPROVAL_COLORS[row.original.approval]} miw="max-content">
            {approvalText(row.original)}
          </Badge>
        ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor
            size="sm"
            aria-label={`Edit ${row.original.name}`}
            renderRoot={(props) => (
              <Link {...props} to="/manage-vandor/products/$id" params={{ id: row.original._id }} />
            )}
          >
            Edit
          </Anchor>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            aria-label={`Delete ${row.original.name}`}
            onClick={() => onDelete(row.original)}
          >
            Delete
          </Button>
        </Group>
      ),
    }),
  ]);
}
