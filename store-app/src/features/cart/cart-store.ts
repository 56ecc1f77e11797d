import * as z from 'zod/mini';
import { createPersistedStore, usePersistedStore } from '../../lib/persisted-store';
import { CART_KEY } from '../../lib/storage-keys';

/** Spec §3 cart item; `id` is the product's id and `sku_id` the chosen variation. */
const cartItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  quantity: z.int().check(z.positive()),
  image: z.string(),
  sku_id: z.string(),
});

const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** Set by Buy Now, Order Now or Proceed to Checkout; the checkout screen reads it. */
  checkoutItems: z.array(cartItemSchema),
});

export type CartItem = z.infer<typeof cartItemSchema>;
export type Cart = z.infer<typeof cartSchema>;

const emptyCart: Cart = { items: [], checkoutItems: [] };

export const cartStore = createPersistedStore<Cart>(CART_KEY, cartSchema, emptyCart);

/** Spec §4: adding an id already in the cart raises its quantity (by 1 unless told). */
export function addToCart(item: Omit<CartItem, 'quantity'> & { quantity?: number }): void {
  const cart = cartStore.get();
  const quantity = item.quantity ?? 1;
  const existing = cart.items.find((line) => line.id === item.id);
  const items = existing
    ? cart.items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + quantity } : line))
    : [...cart.items, { ...item, quantity }];
  cartStore.set({ ...cart, items });
}

/** Spec §4: a quantity of 0 or less is ignored, not treated as removal. */
export function updateCartQuantity(id: string, quantity: number): void {
  if (quantity <= 0) return;
  const cart = cartStore.get();
  cartStore.set({
    ...cart,
    items: cart.items.map((line) => (line.id === id ? { ...line, quantity } : line)),
  });
}

export function removeFromCart(id: string): void {
  const cart = cartStore.get();
  cartStore.set({ ...cart, items: cart.items.filter((line) => line.id !== id) });
}

export function clearCart(): void {
  cartStore.set({ ...cartStore.get(), items: [] });
}

/** The header badge: how many lines the cart holds. */
export function useCartCount(): number {
  return usePersistedStore(cartStore).items.length;
}
