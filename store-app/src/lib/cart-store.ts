import * as z from 'zod/mini';
import { createPersistedStore, usePersistedStore } from './persisted-store';
import { CART_KEY } from './storage-keys';

/** Spec §9: a line holds 1 to 12 units. */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 12;

/**
 * Spec §3 cart item; `id` is the product's id and `sku_id` the chosen variation. Additions: `currency` names the
 * currency `price` was shown in (so a later currency switch does not mislabel it), and `logistics_service_name` the
 * delivery option the shopper chose on the product page, which the checkout sends with the order.
 */
const cartItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  quantity: z.int().check(z.positive()),
  image: z.string(),
  sku_id: z.string(),
  currency: z.optional(z.string()),
  logistics_service_name: z.optional(z.string()),
});

const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** Set by Buy Now, Order Now or Proceed to Checkout; the checkout screen reads it. */
  checkoutItems: z.array(cartItemSchema),
});

export type CartItem = z.infer<typeof cartItemSchema>;
export type Cart = z.infer<typeof cartSchema>;
/** What names a line: a product in one variation (two colours of one product are two lines). */
export type CartLineKey = Pick<CartItem, 'id' | 'sku_id'>;

const emptyCart: Cart = { items: [], checkoutItems: [] };

export const cartStore = createPersistedStore<Cart>(CART_KEY, cartSchema, emptyCart);

function isSameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.id === b.id && a.sku_id === b.sku_id;
}

/** Spec §4: adding a line already in the cart raises its quantity (by 1 unless told), up to the maximum. */
export function addToCart(item: Omit<CartItem, 'quantity'> & { quantity?: number }): void {
  const cart = cartStore.get();
  const quantity = item.quantity ?? 1;
  const existing = cart.items.find((line) => isSameLine(line, item));
  const items = existing
    ? cart.items.map((line) =>
        isSameLine(line, item)
          ? { ...line, quantity: Math.min(line.quantity + quantity, MAX_LINE_QUANTITY) }
          : line,
      )
    : [...cart.items, { ...item, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  cartStore.set({ ...cart, items });
}

/** Spec §4: a quantity of 0 or less is ignored, not treated as removal; more than 12 is held at 12. */
export function updateCartQuantity(key: CartLineKey, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < MIN_LINE_QUANTITY) return;
  const cart = cartStore.get();
  const next = Math.min(quantity, MAX_LINE_QUANTITY);
  cartStore.set({
    ...cart,
    items: cart.items.map((line) => (isSameLine(line, key) ? { ...line, quantity: next } : line)),
  });
}

export function removeFromCart(key: CartLineKey): void {
  const cart = cartStore.get();
  cartStore.set({ ...cart, items: cart.items.filter((line) => !isSameLine(line, key)) });
}

export function clearCart(): void {
  cartStore.set({ ...cartStore.get(), items: [] });
}

/** Proceed to Checkout, Buy Now and Order Now hand the checkout screen its items through this list. */
export function setCheckoutItems(items: CartItem[]): void {
  cartStore.set({ ...cartStore.get(), checkoutItems: items });
}

/** After an order is placed, its lines leave the cart and the checkout list is emptied. */
export function removeOrderedLines(ordered: CartLineKey[]): void {
  const cart = cartStore.get();
  cartStore.set({
    items: cart.items.filter((line) => !ordered.some((done) => isSameLine(line, done))),
    checkoutItems: [],
  });
}

export function useCart(): Cart {
  return usePersistedStore(cartStore);
}

/** The header badge: how many lines the cart holds. */
export function useCartCount(): number {
  return usePersistedStore(cartStore).items.length;
}
