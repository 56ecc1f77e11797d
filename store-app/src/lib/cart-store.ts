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
export type CartItem = {
  id: string;
  name: string;
  price: number;
  quantity: number;
  image: string;
  sku_id: string;
  currency?: string;
  logistics_service_name?: string;
};

export type Cart = {
  items: CartItem[];
  /** Set by Buy Now, Order Now or Proceed to Checkout; the checkout screen reads it. */
  checkoutItems: CartItem[];
};

/** What names a line: a product in one variation (two colours of one product are two lines). */
export type CartLineKey = Pick<CartItem, 'id' | 'sku_id'>;

const emptyCart: Cart = { items: [], checkoutItems: [] };

// Plain checks rather than a schema library: the cart is read on every page's first load.
function parseCartItem(value: unknown): CartItem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, name, price, quantity, image, sku_id, currency, logistics_service_name } = value as Record<
    string,
    unknown
  >;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof image !== 'string') return undefined;
  if (typeof sku_id !== 'string' || typeof price !== 'number' || !Number.isFinite(price)) return undefined;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity <= 0) return undefined;
  if (currency !== undefined && typeof currency !== 'string') return undefined;
  if (logistics_service_name !== undefined && typeof logistics_service_name !== 'string') return undefined;
  const item: CartItem = { id, name, price, quantity, image, sku_id };
  if (currency !== undefined) item.currency = currency;
  if (logistics_service_name !== undefined) item.logistics_service_name = logistics_service_name;
  return item;
}

/** A stored cart with any line that is not a cart item is not trusted at all (the empty cart is used instead). */
function parseCartItems(value: unknown): CartItem[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.map(parseCartItem);
  return items.every((item) => item !== undefined) ? items : undefined;
}

function parseCart(value: unknown): Cart | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { items, checkoutItems } = value as Record<string, unknown>;
  const parsedItems = parseCartItems(items);
  const parsedCheckoutItems = parseCartItems(checkoutItems);
  return parsedItems && parsedCheckoutItems
    ? { items: parsedItems, checkoutItems: parsedCheckoutItems }
    : undefined;
}

export const cartStore = createPersistedStore<Cart>(CART_KEY, parseCart, emptyCart);

function isSameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.id === b.id && a.sku_id === b.sku_id;
}

/**
 * Spec §4: adding a line already in the cart raises its quantity (by 1 unless told), up to the maximum; a
 * delivery service named again replaces the one the line had (the shopper's latest choice is charged).
 */
export function addToCart(item: Omit<CartItem, 'quantity'> & { quantity?: number }): void {
  const cart = cartStore.get();
  const quantity = item.quantity ?? 1;
  const service = item.logistics_service_name;
  const existing = cart.items.find((line) => isSameLine(line, item));
  const items = existing
    ? cart.items.map((line) =>
        isSameLine(line, item)
          ? {
              ...line,
              quantity: Math.min(line.quantity + quantity, MAX_LINE_QUANTITY),
              ...(service ? { logistics_service_name: service } : {}),
            }
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

/** The header badge: how many items the cart holds (every line's quantity, added up). */
export function useCartCount(): number {
  return usePersistedStore(cartStore).items.reduce((sum, line) => sum + line.quantity, 0);
}
