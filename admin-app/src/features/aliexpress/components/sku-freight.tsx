import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SHIP_TO_COUNTRIES } from '@shop/sdk/choices';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { countryResult, type FoundProduct } from '../../marketplace-import/lib/country-result';

type Sku = Schemas['AeProductResult']['ae_item_sku_info_dtos']['ae_item_sku_info_d_t_o'][number];
type DeliveryOption = Schemas['DeliveryOption'];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryOptions = SHIP_TO_COUNTRIES.map((code) => ({
  value: code,
  label: regionNames.of(code) ?? code,
}));

/** A SKU's options in words: "Color: Black, Ships From: China". */
export function skuOptions(sku: Sku): string {
  const properties = sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? [];
  return properties.length > 0
    ? properties
        .map((p) => `${p.sku_property_name}: ${p.property_value_definition_name ?? p.sku_property_value}`)
        .join(', ')
    : sku.sku_attr;
}

/** The marketplace's decimal text through the one money formatter; the text as it is when it is not a number. */
function supplierMoney(text: string | undefined, currency: string | undefined): string {
  const amount = Number.parseFloat(text ?? '');
  if (!Number.isFinite(amount)) return text ?? '—';
  return currency ? formatMoney(amount, currency) : String(amount);
}

/** SKU manager and freight fetcher: an item's SKUs as the marketplace has them now, and what shipping one costs. */
export function SkuFreight() {
  const [productId, setProductId] = useState('');
  const [country, setCountry] = useState('BD');
  const [found, setFound] = useState<FoundProduct | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [freightFor, setFreightFor] = useState<Sku | null>(null);

  const lookUp = async () => {
    const id = productId.trim();
    if (!/^\d{1,20}$/.test(id)) {
      setLookupError('Enter an AliExpress product id (digits only).');
      return;
    }
    setLookupError(null);
    setLooking(true);
    setFreightFor(null);
    try {
      const { data, error } = await api.GET('/product/aliexpress/{id}', {
        params: { path: { id }, query: { country } },
      });
      if (error !== undefined || !data) throw error;
      const result = countryResult(data.data, country);
      if (!result) throw new Error('No product data found. Please check the Product ID and try again.');
      setFound(result);
    } catch (error) {
      setFound(null);
      setLookupError(errorMessage(error, 'The product could not be looked up.'));
    } finally {
      setLooking(false);
    }
  };

  const skus = found?.result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sku-title">
      <Title order={2} fz="h4" id="sku-title" mb="sm">
        SKU Manager &amp; Freight Fetcher
      </Title>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="AliExpress Product ID"
            value={productId}
            onChange={(event) => setProductId(event.currentTarget.value)}
            error={lookupError}
          />
          <NativeSelect
            label="Ship to"
            value={country}
            onChange={(event) => setCountry(event.currentTarget.value)}
            data={countryOptions}
          />
          <Group align="flex-end">
            <Button onClick={() => void lookUp()} loading={looking}>
              Look Up SKUs
            </Button>
          </Group>
        </SimpleGrid>
        {found && (
          <>
            <Text fw={500}>{found.result.ae_item_base_info_dto.subject}</Text>
            <Table aria-label="SKUs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>SKU ID</Table.Th>
                  <Table.Th>Options</Table.Th>
                  <Table.Th>Supplier Price</Table.Th>
                  <Table.Th>Stock</Table.Th>
                  <Table.Th>Freight</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {skus.map((sku) => (
                  <Table.Tr key={sku.sku_id}>
                    <Table.Td>{sku.sku_id}</Table.Td>
                    <Table.Td>{skuOptions(sku)}</Table.Td>
                    <Table.Td>
                      {supplierMoney(
                        sku.offer_sale_price,
                        sku.currency_code ?? found.result.ae_item_base_info_dto.currency_code,
                      )}
                    </Table.Td>
                    <Table.Td>{sku.sku_available_stock}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setFreightFor(sku)}
                        aria-label={`Freight for SKU ${sku.sku_id}`}
                      >
                        Freight
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {freightFor && (
              <Freight
                key={freightFor.sku_id}
                productId={found.productId}
                sku={freightFor}
                country={country}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Freight({ productId, sku, country }: { productId: string; sku: Sku; country: string }) {
  const [quantity, setQuantity] = useState<number | string>(1);
  const [options, setOptions] = useState<DeliveryOption[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);

  const fetchFreight = async () => {
    if (typeof quantity !== 'number') return;
    setFetching(true);
    setFailure(null);
    try {
      const { data, error } = await api.POST('/logistic', {
        body: { product_id: productId, sku_id: sku.sku_id, country, quantity, currency: 'USD' },
      });
      if (error !== undefined || !data) throw error;
      setOptions(data.data.freight_data.delivery_option_d_t_o);
    } catch (error) {
      setOptions(null);
      setFailure(errorMessage(error, 'The freight could not be fetched.'));
    } finally {
      setFetching(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label={`Freight for SKU ${sku.sku_id}`}>
      <Group align="flex-end">
        <NumberInput
          label="Quantity"
          min={1}
          max={12}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
          w={120}
        />
        <Button onClick={() => void fetchFreight()} loading={fetching}>
          Fetch Freight to {regionNames.of(country) ?? country}
        </Button>
      </Group>
      {failure && (
        <Text c="red" role="alert">
          {failure}
        </Text>
      )}
      {options?.length === 0 && (
        <Text c="dimmed">
          No delivery options for this SKU to {regionNames.of(country) ?? country}. Freight is quoted for
          imported products; import it above first.
        </Text>
      )}
      {options && options.length > 0 && (
        <Table aria-label="Delivery options">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>Fee</Table.Th>
              <Table.Th>Delivery</Table.Th>
              <Table.Th>Tracking</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.map((option) => (
              <Table.Tr key={option.code}>
                <Table.Td>{option.company}</Table.Td>
                <Table.Td>
                  {option.shipping_fee_currency && !option.free_shipping
                    ? supplierMoney(option.shipping_fee_cent, option.shipping_fee_currency)
                    : option.shipping_fee_format}
                </Table.Td>
                <Table.Td>
                  {option.min_delivery_days}–{option.max_delivery_days} days
                </Table.Td>
                <Table.Td>{option.tracking ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
