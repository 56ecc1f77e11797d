import { describe, expect, it } from 'vitest';
import { addToCart, cartStore, clearCart, removeFromCart, updateCartQuantity } from './cart-store';

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

  it('ignores a quantity of 0 or less', () => {
    addToCart(earbuds);
    updateCartQuantity('p1', 0);
    updateCartQuantity('p1', -2);
    expect(cartStore.get().items[0]?.quantity).toBe(1);

    updateCartQuantity('p1', 5);
    expect(cartStore.get().items[0]?.quantity).toBe(5);
  });

  it('removes one line or clears them all', () => {
    addToCart(earbuds);
    addToCart(lamp);
    removeFromCart('p1');
    expect(cartStore.get().items.map((line) => line.id)).toEqual(['p2']);

    clearCart();
    expect(cartStore.get().items).toEqual([]);
  });

  it('persists the cart in the browser', () => {
    addToCart(earbuds);
    expect(JSON.parse(localStorage.getItem('shop.cart') ?? '{}')).toEqual({
      items: [{ ...earbuds, quantity: 1 }],
      checkoutItems: [],
    });
  });
});
