import type { Schemas } from '@shop/sdk/types';
import type { CartItem } from '../../../lib/cart-store';
import { skuImage } from './sku-options';

type ProductDetail = Schemas['ProductDetail'];
type Sku = Schemas['Sku'];

/**
 * Spec §2 'Price in {currency}': the SKU's sale price, which the server has already converted into the shopper's
 * currency by the rule POST /order charges with (`currency_code` names it). Nothing is converted here.
 */
export function skuPrice(sku: Sku, product: ProductDetail): { amount: number; currency: string } {
  return { amount: Number(sku.offer_sale_price), currency: sku.currency_code ?? product.currency };
}

/**
 * A cart line for one SKU at the price the page shows (the server prices the order again), with the delivery
 * service the page shows (`POST /logistic`'s `company`) when it has one.
 */
export function toCartItem(
  product: ProductDetail,
  sku: Sku,
  quantity = 1,
  deliveryService?: string,
): CartItem {
  const { amount, currency } = skuPrice(sku, product);
  return {
    id: product._id,
    name: product.name || 'Unnamed Product',
    price: amount,
    quantity,
    image: skuImage(sku) ?? product.images[0] ?? '',
    sku_id: sku.sku_id,
    currency,
    ...(deliveryService ? { logistics_service_name: deliveryService } : {}),
  };
}

/**
 * What a card's Add to Cart and Buy Now take: the SKU the product page preselects (in stock, at the card's
 * price), else the first SKU in stock.
 */
export function quickPurchaseSku(product: ProductDetail): Sku | undefined {
  const inStock = product.skus.filter((sku) => sku.sku_available_stock > 0);
  return inStock.find((sku) => sku.sku_id === product.preselectedSkuId) ?? inStock[0];
}
