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
import { marginText, marketplaceItemUrl } from '../lib/product-rows';
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
  // One currency on the screen: the store's, for the summary and the SKUs alike, whenever the server converted both.
  const money = product.staffPricing && product.staffSkus ? product.staffPricing : undefined;
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
            {money ? (
              <>
                <Fact label={`Price (${money.currency})`}>
                  <PriceText price={money.price} original={money.originalPrice} currency={money.currency} />
                </Fact>
                <Fact label={`Cost (${money.currency})`}>
                  {money.cost === null ? '—' : formatMoney(money.cost, money.currency)}
                </Fact>
                <Fact label={`Margin (${money.currency})`}>
                  {marginText(money.margin, money.marginPercent, money.currency) ?? '—'}
                </Fact>
              </>
            ) : (
              <Fact label="Price">
                <PriceText
                  price={product.price}
                  original={product.originalPrice}
                  currency={product.currency}
                />
              </Fact>
            )}
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
        {money && product.staffSkus ? (
          <StoreSkuTable skus={product.skus} figures={product.staffSkus} currency={money.currency} />
        ) : (
          <SkuTable skus={product.skus} />
        )}
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
            return (
              <Table.Tr key={sku.sku_id}>
                <Table.Td>{sku.sku_id}</Table.Td>
                <Table.Td>{optionsText(sku)}</Table.Td>
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

/** The SKUs with the server's store-currency figures: store price, list price, cost and margin, all in `currency`. */
function StoreSkuTable({
  skus,
  figures,
  currency,
}: {
  skus: Schemas['Sku'][];
  figures: Schemas['StaffSkuPricing'][];
  currency: string;
}) {
  if (skus.length === 0) return <Text c="dimmed">No SKUs</Text>;
  const bySku = new Map(figures.map((figure) => [figure.skuId, figure]));
  const amount = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatMoney(value, currency);
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table aria-label="SKUs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU ID</Table.Th>
            <Table.Th>Options</Table.Th>
            <Table.Th>Sale Price ({currency})</Table.Th>
            <Table.Th>Price ({currency})</Table.Th>
            <Table.Th>Cost ({currency})</Table.Th>
            <Table.Th>Margin ({currency})</Table.Th>
            <Table.Th>Stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skus.map((sku) => {
            const figure = bySku.get(sku.sku_id);
            return (
              <Table.Tr key={sku.sku_id}>
                <Table.Td>{sku.sku_id}</Table.Td>
                <Table.Td>{optionsText(sku)}</Table.Td>
                <Table.Td>{amount(figure?.price)}</Table.Td>
                <Table.Td>{amount(figure ? (figure.originalPrice ?? figure.price) : null)}</Table.Td>
                <Table.Td>{amount(figure?.cost)}</Table.Td>
                <Table.Td>
                  {figure ? (marginText(figure.margin, figure.marginPercent, currency) ?? '—') : '—'}
                </Table.Td>
                <Table.Td>{sku.sku_available_stock}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** A price with the list price struck through beside it when that is higher. */
function PriceText({
  price,
  original,
  currency,
}: {
  price: number;
  original: number | null;
  currency: string;
}) {
  return (
    <>
      {formatMoney(price, currency)}
      {original !== null && original > price ? (
        <Text span c="dimmed" td="line-through" ml="xs" size="sm">
          {formatMoney(original, currency)}
        </Text>
      ) : null}
    </>
  );
}

/** 'Color: Black, Size: M', or '—' for a SKU without options. */
function optionsText(sku: Schemas['Sku']): string {
  const options = sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? [];
  return (
    options
      .map(
        (option) =>
          `${option.sku_property_name}: ${option.property_value_definition_name ?? option.sku_property_value}`,
      )
      .join(', ') || '—'
  );
}

/** SKU prices are decimal text (spec 1 §3); text that is not a number is shown as it is. */
function money(value: string, currency: string) {
  const amount = Number(value);
  return value.trim() !== '' && Number.isFinite(amount) ? formatMoney(amount, currency) : value;
}
