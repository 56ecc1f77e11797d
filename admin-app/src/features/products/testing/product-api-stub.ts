import type { Schemas } from '@shop/sdk/types';
import { jsonResponse, stubApi } from '../../../test/network';

type ProductListItem = Schemas['ProductListItem'];

/** A list item as the server sends it, with the marketplace record in `logText`. */
export function makeProduct(n: number, overrides: Partial<ProductListItem> = {}, subject = `Product ${n}`) {
  const id = `p-${n}`;
  const item: ProductListItem = {
    _id: id,
    id,
    productId: `100500${n}`,
    status: 'published',
    source: 'aliexpress',
    logText: JSON.stringify({
      ae_item_base_info_dto: {
        subject,
        item_id: `ITEM-${n}`,
        discount_price: '18.99',
        currency_code: 'USD',
      },
      ae_multimedia_info_dto: { image_urls: `https://img.test/${n}-a.jpg;https://img.test/${n}-b.jpg` },
    }),
    name: subject,
    images: [`https://img.test/${n}-a.jpg`],
    price: 2300,
    currency: 'BDT',
    originalPrice: null,
    sku: { sku_price: null },
    availableStock: 10,
    property: [],
    categoryId: 1,
    createdAt: '2026-11-02T09:15:00.000Z',
  };
  return { ...item, ...overrides };
}

export const listEnvelope = (items: ProductListItem[], total = items.length, page = 1) => ({
  success: true,
  data: items,
  meta: { page, limit: 10, total },
});

export const statsEnvelope = {
  success: true,
  data: { total: 34, published: 20, draft: 9, out_of_stock: 5, disabled: 3 },
};
export { jsonResponse, stubApi };
