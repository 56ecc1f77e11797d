import {
  Anchor,
  Badge,
  Box,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ButtonLink } from '../../../components/router-links';
import { productQueries } from '../api/products.queries';
import { errorText } from '../lib/error-text';
import { readLogText } from '../lib/log-text';
import { marketplaceItemUrl } from '../lib/product-rows';
import { ProductReviewsPanel } from './product-reviews-panel';
import { ProductStatusBadge } from './product-status-badge';

type ProductDetail = Schemas['ProductDetail'];

/** A product as staff see it: images, figures, properties, SKUs and the sanitised description. */
export function ProductViewer({ id }: { id: string }) {
  const product = useQuery(productQueries.detail(id));

  if (product.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Loading product...</Text>
      </Group>
    );
  }
  if (product.isError) {
    return (
      <Text c="red" role="alert">
        {errorText(product.error, 'Failed to load product.')}
      </Text>
    );
  }
  return <ProductDetails product={product.data.data} />;
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const title = readLogText(product.logText)?.title ?? product.name;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Title order={3}>{title || 'No title'}</Title>
          <Group gap="xs">
            <ProductStatusBadge status={product.status} />
            <Badge variant="outline" color="gray">
              {product.source}
            </Badge>
            <Text size="xs" c="dimmed">
              ID: {product._id}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          <ButtonLink to="/manage-admin/products/edit-product/$id" params={{ id: product._id }}>
            Edit
          </ButtonLink>
          {product.source === 'aliexpress' ? (
            <Anchor href={marketplaceItemUrl(product.productId)} target="_blank" rel="noopener noreferrer">
              View on AliExpress
            </Anchor>
          ) : null}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ImageGallery images={product.images} />
        <Paper component="section" aria-label="Summary" withBorder p="md" radius="md">
          <Stack gap="xs">
            <Fact label="Price">
              {formatMoney(product.price, product.currency)}
              {product.originalPrice !== null && product.originalPrice > product.price ? (
                <Text span c="dimmed" td="line-through" ml="xs" size="sm">
                  {formatMoney(product.originalPrice, product.currency)}
                </Text>
              ) : null}
            </Fact>
            <Fact label="Stock">{product.availableStock.toLocaleString('en-US')}</Fact>
            <Fact label="Product ID">{product.productId}</Fact>
            {product.categoryId !== null ? <Fact label="Category ID">{product.categoryId}</Fact> : null}
          </Stack>
        </Paper>
      </SimpleGrid>

      <Section title="Properties">
        {product.property.length === 0 ? (
          <Text c="dimmed">No properties</Text>
        ) : (
          <Table aria-label="Properties" withRowBorders>
            <Table.Tbody>
              {product.property.map((property, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a name can repeat; the position is the identity
                <Table.Tr key={index}>
                  <Table.Th scope="row" w="40%">
                    {property.attr_name}
                  </Table.Th>
                  <Table.Td>{property.attr_value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>

      <Section title="SKUs">
        <SkuTable skus={product.skus} />
      </Section>

      <Section title="Reviews">
        <ProductReviewsPanel productId={product._id} />
      </Section>

      <Section title="Description">
        {product.description.trim() === '' ? (
          <Text c="dimmed">No description</Text>
        ) : (
          // The server sanitises descriptions when it stores and when it serves them (no scripts, handlers,
          // javascript: links or iframes), so its HTML is shown as it arrives.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, see above
          <Box className="product-description" dangerouslySetInnerHTML={{ __html: product.description }} />
        )}
      </Section>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ImageGallery({ images }: { images: string[] }) {
  const [current, setCurrent] = useState(0);
  const main = images[current] ?? images[0];
  if (!main) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          No image
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      <Image src={main} alt="Product image" radius="md" fit="contain" mah={360} />
      {images.length > 1 ? (
        <Group gap="xs">
          {images.map((url, index) => (
            <UnstyledButton
              // biome-ignore lint/suspicious/noArrayIndexKey: the same address may appear twice
              key={index}
              onClick={() => setCurrent(index)}
              aria-label={`Show image ${index + 1}`}
              aria-pressed={index === current}
            >
              <Image src={url} alt="" w={56} h={56} fit="cover" radius="sm" />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

function SkuTable({ skus }: { skus: Schemas['Sku'][] }) {
  if (skus.length === 0) return <Text c="dimmed">No SKUs</Text>;
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table aria-label="SKUs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU ID</Table.Th>
            <Table.Th>Options</Table.Th>
            <Table.Th>Sale Price</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skus.map((sku) => {
            const currency = sku.currency_code ?? 'USD';
            const options = sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? [];
            return (
              <Table.Tr key={sku.sku_id}>
                <Table.Td>{sku.sku_id}</Table.Td>
                <Table.Td>
                  {options
                    .map(
                      (option) =>
                        `${option.sku_property_name}: ${option.property_value_definition_name ?? option.sku_property_value}`,
                    )
                    .join(', ') || '—'}
                </Table.Td>
                <Table.Td>{money(sku.offer_sale_price, currency)}</Table.Td>
                <Table.Td>{money(sku.sku_price, currency)}</Table.Td>
                <Table.Td>{sku.sku_available_stock}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** SKU prices are decimal text (spec 1 §3); text that is not a number is shown as it is. */
function money(value: string, currency: string) {
  const amount = Number(value);
  return value.trim() !== '' && Number.isFinite(amount) ? formatMoney(amount, currency) : value;
}
