import { describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  cartStore,
  clearCart,
  removeFromCart,
  removeOrderedLines,
  setCheckoutItems,
  updateCartQuantity,
} from './cart-store';

const earbuds = { id: 'p1', name: 'Earbuds', price: 19.99, image: 'earbuds.jpg', sku_id: 's1' };
const lamp = { id: 'p2', name: 'Desk Lamp', price: 24.5, image: 'lamp.jpg', sku_id: 's9' };

describe('cart store', () => {
  it('adds a new line with quantity 1 and raises the quantity of an existing one', () => {
    addToCart(earbuds);
    addToCart(earbuds);
    addToCart({ ...lamp, quantity: 3 });

    expect(cartStore.get().items).toEqual([
      { ...earbuds, quantity: 2 },
      { ...lamp, quantity: 3 },
    ]);
  });

  it('keeps the delivery service last chosen for a line, and the one it had when none is named', () => {
    addToCart({ ...earbuds, logistics_service_name: 'China Post' });
    addToCart({ ...earbuds, logistics_service_name: 'DHL' });
    addToCart(earbuds);

    expect(cartStore.get().items).toEqual([{ ...earbuds, quantity: 3, logistics_service_name: 'DHL' }]);
  });

  it('keeps two variations of one product on two lines', () => {
    addToCart(earbuds);
    addToCart({ ...earbuds, sku_id: 's2' });

    expect(cartStore.get().items.map((line) => [line.sku_id, line.quantity])).toEqual([
      ['s1', 1],
      ['s2', 1],
    ]);
  });

  it('never lets a line hold more than 12', () => {
    addToCart({ ...earbuds, quantity: 10 });
    addToCart({ ...earbuds, quantity: 5 });
    expect(cartStore.get().items[0]?.quantity).toBe(12);

    updateCartQuantity(earbuds, 20);
    expect(cartStore.get().items[0]?.quantity).toBe(12);
  });

  it('ignores a quantity of 0 or less', () => {
    addToCart(earbuds);
    updateCartQuantity(earbuds, 0);
    updateCartQuantity(earbuds, -2);
    expect(cartStore.get().items[0]?.quantity).toBe(1);

    updateCartQuantity(earbuds, 5);
    expect(cartStore.get().items[0]?.quantity).toBe(5);
  });

  it('removes one line or clears them all', () => {
    addToCart(earbuds);
    addToCart(lamp);
    removeFromCart(earbuds);
    expect(cartStore.get().items.map((line) => line.id)).toEqual(['p2']);

    clearCart();
    expect(cartStore.get().items).toEqual([]);
  });

  it('drops the ordered lines and the checkout list once an order is placed', () => {
    addToCart(earbuds);
    addToCart(lamp);
    setCheckoutItems([{ ...lamp, quantity: 1 }]);

    removeOrderedLines([lamp]);

    expect(cartStore.get()).toEqual({ items: [{ ...earbuds, quantity: 1 }], checkoutItems: [] });
  });

  it('persists the cart in the browser', () => {
    addToCart(earbuds);
    expect(JSON.parse(localStorage.getItem('shop.cart') ?? '{}')).toEqual({
      items: [{ ...earbuds, quantity: 1 }],
      checkoutItems: [],
    });
  });

  it('reads back a cart saved by an earlier visit, and ignores one of the wrong shape', async () => {
    const loadStoredCart = async (stored: unknown) => {
      localStorage.setItem('shop.cart', JSON.stringify(stored));
      vi.resetModules();
      return (await import('./cart-store')).cartStore.get();
    };
    const saved = {
      items: [{ ...earbuds, quantity: 2, currency: 'EUR', logistics_service_name: 'Standard Shipping' }],
      checkoutItems: [{ ...lamp, quantity: 1 }],
    };
    expect(await loadStoredCart(saved)).toEqual(saved);

    const empty = { items: [], checkoutItems: [] };
    expect(await loadStoredCart({ items: [{ ...earbuds, quantity: 0 }], checkoutItems: [] })).toEqual(empty);
    expect(
      await loadStoredCart({ items: [{ ...earbuds, quantity: 1, price: '19.99' }], checkoutItems: [] }),
    ).toEqual(empty);
    expect(await loadStoredCart({ items: [] })).toEqual(empty);
  });
});
