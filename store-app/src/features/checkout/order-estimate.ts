/** Spec §9: shipping is free when the items total is above 100, else 10; tax is 10 % of the items total. */
const FREE_SHIPPING_ABOVE = 100;
const FLAT_SHIPPING = 10;
const TAX_RATE = 0.1;

type OrderEstimate = {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
};

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/**
 * What the server will charge, worked out with its rules so the shopper sees it before ordering. Only an
 * estimate: the server prices the order from its catalogue and ignores these figures.
 */
export function estimateOrder(lines: { price: number; quantity: number }[]): OrderEstimate {
  const itemsPrice = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
  const shippingPrice = itemsPrice > FREE_SHIPPING_ABOVE ? 0 : FLAT_SHIPPING;
  const taxPrice = round2(itemsPrice * TAX_RATE);
  return { itemsPrice, shippingPrice, taxPrice, totalPrice: round2(itemsPrice + shippingPrice + taxPrice) };
}
