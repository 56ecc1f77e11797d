import { Badge, Group, Image, List, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { formatMegabytes } from '@shop/product-form/media.schema';
import { variantLabel } from '@shop/product-form/variants';
import { formatMoney } from '@shop/ui/format';
import type { ProductFormDefaults } from '../lib/product-body';

const STATUS_LABELS = { draft: 'Draft', published: 'Published', disabled: 'Disabled' } as const;

/** A price as typed, through the one money formatter; what is not a number (or has no currency) shown as typed. */
function previewMoney(
  value: string | number | null | undefined,
  currency: string | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const amount = Number(value);
  return currency && Number.isFinite(amount)
    ? formatMoney(amount, currency)
    : `${value} ${currency ?? ''}`.trim();
}

type ProductPreviewModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The forms' current values (not yet saved). */
  product: ProductFormDefaults;
};

/** A read-only summary of the product as entered so far. */
export function ProductPreviewModal({ opened, onClose, product }: ProductPreviewModalProps) {
  const { basicInfo, media, properties, variants, skus, seo, labels, status } = product;
  const defaultImage = media.images.find((image) => image.isDefault) ?? media.images[0];
  const filledProperties = properties.properties.filter(
    (row) => row.attr_name.trim() || row.attr_value.trim(),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Product Preview"
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap">
          {defaultImage ? (
            <Image src={defaultImage.url} alt={defaultImage.name} w={140} h={140} radius="md" fit="cover" />
          ) : null}
          <Stack gap={4}>
            <Title order={3} size="h4">
              {basicInfo.productTitle.trim() || 'Untitled product'}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{STATUS_LABELS[status]}</Badge>
              {labels.labelName ? (
                <Badge color={labels.labelColor || undefined}>{labels.labelName}</Badge>
              ) : null}
            </Group>
            <Text size="sm">Category ID: {basicInfo.categoryId || '—'}</Text>
            <Text size="sm">Currency: {basicInfo.currency || '—'}</Text>
            <Text size="sm">
              Main Category: {labels.mainCategory ?? '—'}
              {labels.subcategory ? ` / ${labels.subcategory}` : ''}
            </Text>
          </Stack>
        </Group>

        <Stack gap={4}>
          <Text fw={600}>Images ({media.images.length})</Text>
          {media.images.length === 0 ? (
            <Text size="sm" c="dimmed">
              No images yet.
            </Text>
          ) : (
            <List size="sm">
              {media.images.map((image) => (
                <List.Item key={image.id}>
                  {image.name}
                  {image.size === undefined ? '' : ` (${formatMegabytes(image.size)})`}
                  {image.isDefault ? ' — default' : ''}
                </List.Item>
              ))}
            </List>
          )}
          {media.videoUrl ? <Text size="sm">Video: {media.videoUrl}</Text> : null}
        </Stack>

        <Stack gap={4}>
          <Text fw={600}>Properties</Text>
          {filledProperties.length === 0 ? (
            <Text size="sm" c="dimmed">
              No properties yet.
            </Text>
          ) : (
            <List size="sm">
              {filledProperties.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only snapshot whose rows never move
                <List.Item key={`${row.attr_name}-${index}`}>
                  {row.attr_name}: {row.attr_value}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>

        <Stack gap={4}>
          <Text fw={600}>SKUs</Text>
          {product.skuMode === 'variants' ? (
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Variant</Table.Th>
                  <Table.Th>SKU Code</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Compare-at Price</Table.Th>
                  <Table.Th>Stock</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {variants.variants.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only snapshot whose rows never move
                  <Table.Tr key={`${row.key}-${index}`}>
                    <Table.Td>{variantLabel(row.combination) || 'Default'}</Table.Td>
                    <Table.Td>{row.skuCode || '—'}</Table.Td>
                    <Table.Td>{previewMoney(row.price, basicInfo.currency)}</Table.Td>
                    <Table.Td>{previewMoney(row.compareAtPrice, basicInfo.currency)}</Table.Td>
                    <Table.Td>{row.stock ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>SKU ID</Table.Th>
                  <Table.Th>Offer Sale Price</Table.Th>
                  <Table.Th>SKU Price</Table.Th>
                  <Table.Th>Stock</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {skus.skus.map((sku, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only snapshot whose rows never move
                  <Table.Tr key={`${sku.sku_id}-${index}`}>
                    <Table.Td>{sku.sku_id || '—'}</Table.Td>
                    <Table.Td>{previewMoney(sku.offer_sale_price, sku.currency_code)}</Table.Td>
                    <Table.Td>{previewMoney(sku.sku_price, sku.currency_code)}</Table.Td>
                    <Table.Td>{sku.sku_available_stock ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>

        <Stack gap={4}>
          <Text fw={600}>SEO</Text>
          <Text size="sm">Meta Title: {seo.metaTitle || '—'}</Text>
          <Text size="sm">Meta Description: {seo.metaDescription || '—'}</Text>
          <Text size="sm">URL Slug: {seo.slug || '—'}</Text>
          <Text size="sm">{seo.index ? 'Indexed by search engines' : 'Hidden from search engines'}</Text>
        </Stack>

        {labels.tags.length > 0 ? (
          <Group gap={4}>
            {labels.tags.map((tag) => (
              <Badge key={tag} variant="outline" size="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}

        {/* The description is shown as text: it is sanitised by the server only once saved. */}
        {basicInfo.productDescription.trim() ? (
          <Stack gap={4}>
            <Text fw={600}>Description (HTML)</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {basicInfo.productDescription}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
