import type { Schemas } from '@shop/sdk/types';
import type { CartItem } from '../../../lib/cart-store';
import { skuImage } from './sku-options';

type ProductDetail = Schemas['ProductDetail'];
type Sku = Schemas['Sku'];

/** Spec §2: 'Price in {currency}' is the SKU's sale price times the product's rate, to two decimals. */
export function priceIn(sku: Sku, rate: number): number {
  return Math.round(Number.parseFloat(sku.offer_sale_price) * rate * 100) / 100;
}

/** A cart line for one SKU, priced in the shopper's currency (the server prices the order again). */
export function toCartItem(product: ProductDetail, sku: Sku, currency: string, quantity = 1): CartItem {
  return {
    id: product._id,
    name: product.name || 'Unnamed Product',
    price: priceIn(sku, product.rate),
    quantity,
    image: skuImage(sku) ?? product.images[0] ?? '',
    sku_id: sku.sku_id,
    currency,
  };
}

export function firstInStockSku(product: ProductDetail): Sku | undefined {
  return product.skus.find((sku) => sku.sku_available_stock > 0);
}
