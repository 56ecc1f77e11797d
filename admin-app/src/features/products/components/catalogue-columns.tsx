import { Anchor, Button, Group, Text } from '@mantine/core';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { type CatalogueRow, marketplaceItemUrl } from '../lib/product-rows';
import { ProductThumb } from './product-thumb';

export const catalogueTableFeatures = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof catalogueTableFeatures, CatalogueRow>();

type CatalogueColumnsOptions = {
  onDelete: (id: string) => void;
};

/** Spec 1 §2.9 columns Image, Title, Actions, after the list kit's checkbox that the toolbar acts on. */
export function catalogueColumns({ onDelete }: CatalogueColumnsOptions) {
  return column.columns([
    column.display({
      id: 'image',
      header: 'Image',
      cell: ({ row }) => <ProductThumb src={row.original.image} size={64} />,
    }),
    column.display({
      id: 'title',
      header: 'Title',
      cell: ({ row }) =>
        row.original.title ? (
          <Text size="sm" title={row.original.fullTitle}>
            {row.original.title}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No title
          </Text>
        ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          {row.original.source === 'aliexpress' ? (
            <Anchor
              href={marketplaceItemUrl(row.original.productId)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              View on AliExpress
            </Anchor>
          ) : null}
          <AnchorLink
            to="/manage-admin/products/edit-product/$id"
            params={{ id: row.original._id }}
            size="sm"
          >
            Edit
          </AnchorLink>
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => onDelete(row.original._id)}>
            Delete
          </Button>
        </Group>
      ),
    }),
  ]);
}
