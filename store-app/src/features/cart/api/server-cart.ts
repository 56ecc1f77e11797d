import { unwrap } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { api } from '../../../lib/api';
import type { CartItem } from '../../../lib/cart-store';

type ServerCartLine = Schemas['ServerCartLine'];
type StoreCurrency = Schemas['StoreCurrency'];
type LineInput = Schemas['CartLinesRequest']['items'][number];

/** What the server is told of a device line: which product, option and delivery, and how many; never a price. */
export const toLineInput = (item: CartItem): LineInput => ({
  product: item.id,
  sku_id: item.sku_id,
  quantity: item.quantity,
  ...(item.logistics_service_name ? { logistics_service_name: item.logistics_service_name } : {}),
});

/** A server line as the device keeps it, with the server's name, image and price. */
export const toCartItem = (line: ServerCartLine): CartItem => ({
  id: line.product,
  name: line.name,
  price: line.price,
  quantity: line.quantity,
  image: line.image,
  sku_id: line.sku_id,
  currency: line.currency,
  ...(line.logistics_service_name ? { logistics_service_name: line.logistics_service_name } : {}),
});

const query = (currency: StoreCurrency) => ({ params: { query: { currency } } });

export async function fetchServerCart(currency: StoreCurrency): Promise<CartItem[]> {
  return (await unwrap(api.GET('/cart', query(currency)))).data.items.map(toCartItem);
}

export async function saveServerCart(items: CartItem[], currency: StoreCurrency): Promise<void> {
  await unwrap(api.PUT('/cart', { ...query(currency), body: { items: items.map(toLineInput) } }));
}

export async function mergeServerCart(items: CartItem[], currency: StoreCurrency): Promise<CartItem[]> {
  const body = { items: items.map(toLineInput) };
  return (await unwrap(api.POST('/cart/merge', { ...query(currency), body }))).data.items.map(toCartItem);
}

/** The cart a reminder's link names, on any device and without a sign-in. */
export async function recoverCart(token: string, currency: StoreCurrency): Promise<CartItem[]> {
  return (await unwrap(api.POST('/cart/recover', { ...query(currency), body: { token } }))).data.items.map(
    toCartItem,
  );
}

export async function unsubscribeCartReminders(token: string): Promise<void> {
  await unwrap(api.POST('/cart/reminders/unsubscribe', { body: { token } }));
}
