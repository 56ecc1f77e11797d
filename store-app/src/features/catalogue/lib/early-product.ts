/** What index.html's start-up script asked the API for, on a product page, before the app's code arrived. */
type EarlyProduct = { id: string; country: string; currency: string; body: Promise<unknown> };

declare global {
  interface Window {
    __shopEarlyProduct?: EarlyProduct;
  }
}

/**
 * The product answer already on its way for this product, ship-to country and currency, if index.html asked for
 * it. Taken once: the next visit of a product page asks the API itself.
 */
export function takeEarlyProduct(
  id: string,
  country: string,
  currency: string,
): Promise<unknown> | undefined {
  const early = window.__shopEarlyProduct;
  if (!early) return undefined;
  window.__shopEarlyProduct = undefined;
  if (early.id !== id || early.country !== country || early.currency !== currency) return undefined;
  return early.body;
}
