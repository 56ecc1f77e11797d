import type { Schemas } from '@shop/sdk/types';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { json } from '../../../test/network';

type ProductListItem = Schemas['ProductListItem'];
type ProductDetail = Schemas['ProductDetail'];
type Sku = Schemas['Sku'];
type SkuProperty = Schemas['SkuProperty'];
type DeliveryOption = Schemas['DeliveryOption'];
type Review = Schemas['Review'];

/** A product as `GET /product/` answers it (the contract's example, with an id of the test's choosing). */
export function listItem(id: string, overrides: Partial<ProductListItem> = {}): ProductListItem {
  return {
    _id: id,
    id,
    productId: `100500${id}`,
    status: 'published',
    source: 'aliexpress',
    logText: '{}',
    name: `Product ${id}`,
    images: [`https://img.test/${id}-1.jpg`, `https://img.test/${id}-2.jpg`],
    price: 18.99,
    currency: 'USD',
    originalPrice: null,
    sku: { sku_price: null },
    availableStock: 10,
    property: [],
    categoryId: 44,
    storeId: null,
    createdAt: '2026-11-02T09:15:00.000Z',
    ...overrides,
  };
}

export function listPage(
  items: ProductListItem[],
  meta: { page?: number; limit?: number; total?: number } = {},
) {
  return json(200, {
    success: true,
    data: items,
    meta: { page: meta.page ?? 1, limit: meta.limit ?? 20, total: meta.total ?? items.length },
  });
}

function property(name: string, id: number, value: string, image?: string): SkuProperty {
  return {
    sku_property_id: name === 'Color' ? 14 : 5,
    sku_property_name: name,
    sku_property_value: value.toLowerCase(),
    property_value_id: id,
    property_value_definition_name: value,
    ...(image ? { sku_image: image } : {}),
  };
}

export function sku(
  id: string,
  options: { color?: [number, string, string?]; size?: [number, string]; stock?: number; price?: string },
): Sku {
  const properties: SkuProperty[] = [];
  if (options.color) properties.push(property('Color', options.color[0], options.color[1], options.color[2]));
  if (options.size) properties.push(property('Size', options.size[0], options.size[1]));
  return {
    sku_id: id,
    sku_attr: '',
    offer_sale_price: options.price ?? '10.00',
    sku_price: '15.00',
    sku_available_stock: options.stock ?? 50,
    sku_bulk_order: 0,
    price_include_tax: false,
    limit_strategy: 'create_order_fail',
    currency_code: 'USD',
    ae_sku_property_dtos: { ae_sku_property_d_t_o: properties },
  };
}

const RED = 'https://img.test/red.jpg';

/**
 * A T-shirt in two colours and two sizes. The first SKU has no image, so the page must preselect the second
 * (Red/S, the first with one). Blue/L does not exist.
 */
export function shirt(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...listItem('shirt', {
      name: 'Cotton T-Shirt',
      images: ['https://img.test/shirt-main.jpg', 'https://img.test/shirt-back.jpg'],
      property: [
        { attr_name: 'Material', attr_value: 'Cotton' },
        { attr_name: 'Brand Name', attr_value: 'Threadly' },
      ],
    }),
    rate: 1,
    description: '<p>Soft.</p>',
    skus: [
      sku('sku-blue-s', { color: [29, 'Blue'], size: [100, 'S'], stock: 5, price: '12.00' }),
      sku('sku-red-s', { color: [10, 'Red', RED], size: [100, 'S'], stock: 30, price: '10.00' }),
      sku('sku-red-l', { color: [10, 'Red', RED], size: [200, 'L'], stock: 0, price: '11.00' }),
    ],
    ...overrides,
  };
}

/**
 * The product as the server answers a shopper asking for `currency`: the headline and every SKU priced there
 * (the server converts; the figures are the test's).
 */
export function pricedIn(
  product: ProductDetail,
  currency: string,
  salePrices: Record<string, string>,
): ProductDetail {
  return {
    ...product,
    currency,
    skus: product.skus.map((item) => ({
      ...item,
      currency_code: currency,
      offer_sale_price: salePrices[item.sku_id] ?? item.offer_sale_price,
    })),
  };
}

export function productAnswer(product: ProductDetail) {
  return json(200, { success: true, data: product });
}

export function deliveryOption(code: string, overrides: Partial<DeliveryOption> = {}): DeliveryOption {
  return {
    code,
    company: code,
    free_shipping: false,
    shipping_fee_cent: '5.00',
    shipping_fee_currency: 'USD',
    shipping_fee_format: 'US $5.00',
    guaranteed_delivery_days: '30',
    delivery_date_desc: 'Dec 08 - Dec 19',
    min_delivery_days: 10,
    max_delivery_days: 20,
    ship_from_country: 'CN',
    tracking: true,
    mayHavePFS: false,
    ...overrides,
  };
}

export function deliveryAnswer(options: DeliveryOption[], country = 'BD') {
  return json(200, { success: true, data: { country, freight_data: { delivery_option_d_t_o: options } } });
}

/** The query parameters of every `GET /product/` request the screen made. */
export function listQueries(requests: Request[]): URLSearchParams[] {
  return requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname.endsWith('/product/'))
    .map((request) => new URL(request.url).searchParams);
}

export function reviewsAnswer(reviews: Review[]) {
  return json(200, { success: true, data: reviews, meta: { page: 1, limit: 20, total: reviews.length } });
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * Saves new settings through the header's modal, as a shopper does. The modal's code loads on first open,
 * which can take more than the default second on a busy machine.
 */
export async function saveSettings(user: User, choices: { currency?: RegExp; shipTo?: RegExp }) {
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
  for (const [field, option] of [
    ['Currency', choices.currency],
    ['Ship to', choices.shipTo],
  ] as const) {
    if (!option) continue;
    await user.click(within(dialog).getByRole('combobox', { name: field }));
    await user.click(await within(dialog).findByRole('option', { name: option }));
  }
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}
