import type { AeProductResult } from './marketplace.types.ts';

// What has happened at the suppliers since the bundled catalogue was captured: stock sold, prices changed, SKUs
// withdrawn, listings gone offline or due to, routes closed. The fixture marketplace applies it to every answer, so
// tests and journeys can make a supplier fail on purpose (the stand-in's control API changes it while it runs).

export interface SupplierScenario {
  /** Per `item:sku`: stock the supplier now reports. */
  stock: Map<string, number>;
  /** Per `item:sku`: the price the supplier now asks, a decimal string in the item's currency ("12.34"). */
  price: Map<string, string>;
  /** `item:sku` pairs the supplier no longer sells. */
  removedSkus: Set<string>;
  /** Per item: the day its listing goes offline (ISO date-time). Past that day the item answers as offline. */
  linkExpiresAt: Map<string, string>;
  /** `item:country` pairs the supplier stopped delivering to. */
  noDelivery: Set<string>;
  /** Per item: the days every delivery option now promises at most (0: the promise ends the day it is made). */
  promiseDays: Map<string, number>;
}

/** One change, as the stand-in's `POST /control/scenario` takes it. */
export type ScenarioChange =
  | { action: 'stock'; productId: string; skuId: string; stock: number }
  | { action: 'price'; productId: string; skuId: string; price: string }
  | { action: 'remove_sku'; productId: string; skuId: string }
  | { action: 'restore_sku'; productId: string; skuId: string }
  /** Without `on`, the listing is offline now; with it, it lapses on that date. */
  | { action: 'lapse_link'; productId: string; on?: string }
  | { action: 'renew_link'; productId: string }
  | { action: 'stop_delivery'; productId: string; country: string }
  | { action: 'resume_delivery'; productId: string; country: string }
  /** The item's delivery options promise at most `days` (0: a parcel is overdue as soon as it is ordered). */
  | { action: 'promise_days'; productId: string; days: number };

export function createSupplierScenario(): SupplierScenario {
  return {
    stock: new Map(),
    price: new Map(),
    removedSkus: new Set(),
    linkExpiresAt: new Map(),
    noDelivery: new Set(),
    promiseDays: new Map(),
  };
}

export function resetSupplierScenario(scenario: SupplierScenario): void {
  scenario.stock.clear();
  scenario.price.clear();
  scenario.removedSkus.clear();
  scenario.linkExpiresAt.clear();
  scenario.noDelivery.clear();
  scenario.promiseDays.clear();
}

const skuKey = (productId: string, skuId: string) => `${productId.trim()}:${skuId.trim()}`;
const routeKey = (productId: string, country: string) =>
  `${productId.trim()}:${country.trim().toUpperCase()}`;
// Listings lapse "now" when no date is given: an instant long past.
const LAPSED = new Date(0).toISOString();

/** Applies one change; the reason it cannot be applied otherwise. */
export function applyScenarioChange(scenario: SupplierScenario, change: ScenarioChange): string | null {
  const input = change as Partial<Record<string, unknown>>;
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
  const productId = text('productId');
  if (!/^\d{1,20}$/.test(productId)) return 'productId must be a marketplace item id';
  switch (change.action) {
    case 'stock': {
      if (!text('skuId')) return 'skuId is required';
      if (!Number.isInteger(change.stock) || change.stock < 0)
        return 'stock must be a whole number, 0 or more';
      scenario.stock.set(skuKey(productId, change.skuId), change.stock);
      return null;
    }
    case 'price': {
      if (!text('skuId')) return 'skuId is required';
      if (!/^\d+(\.\d{1,2})?$/.test(text('price'))) return 'price must be a decimal such as 12.34';
      scenario.price.set(skuKey(productId, change.skuId), Number(change.price).toFixed(2));
      return null;
    }
    case 'remove_sku':
    case 'restore_sku': {
      if (!text('skuId')) return 'skuId is required';
      if (change.action === 'remove_sku') scenario.removedSkus.add(skuKey(productId, change.skuId));
      else scenario.removedSkus.delete(skuKey(productId, change.skuId));
      return null;
    }
    case 'lapse_link': {
      const on = text('on');
      if (on && Number.isNaN(Date.parse(on))) return 'on must be a date such as 2026-03-01';
      scenario.linkExpiresAt.set(productId, on ? new Date(on).toISOString() : LAPSED);
      return null;
    }
    case 'renew_link':
      scenario.linkExpiresAt.delete(productId);
      return null;
    case 'stop_delivery':
    case 'resume_delivery': {
      if (!/^[A-Za-z]{2}$/.test(text('country'))) return 'country must be a two-letter code';
      if (change.action === 'stop_delivery') scenario.noDelivery.add(routeKey(productId, change.country));
      else scenario.noDelivery.delete(routeKey(productId, change.country));
      return null;
    }
    case 'promise_days': {
      if (!Number.isInteger(change.days) || change.days < 0) return 'days must be a whole number, 0 or more';
      scenario.promiseDays.set(productId, change.days);
      return null;
    }
    default:
      return `unknown action ${JSON.stringify(input.action)}`;
  }
}

/** The scenario as JSON, for the stand-in's `GET /control/scenario`. */
export function describeSupplierScenario(scenario: SupplierScenario) {
  return {
    stock: Object.fromEntries(scenario.stock),
    price: Object.fromEntries(scenario.price),
    removedSkus: [...scenario.removedSkus],
    linkExpiresAt: Object.fromEntries(scenario.linkExpiresAt),
    noDelivery: [...scenario.noDelivery],
    promiseDays: Object.fromEntries(scenario.promiseDays),
  };
}

/** False when the item's listing has gone offline by `now`. */
export function isListed(scenario: SupplierScenario, productId: string, now: Date): boolean {
  const lapses = scenario.linkExpiresAt.get(productId.trim());
  return lapses === undefined || Date.parse(lapses) > now.getTime();
}

export function deliveryStopped(scenario: SupplierScenario, productId: string, country: string): boolean {
  return scenario.noDelivery.has(routeKey(productId, country));
}

/**
 * The item as the supplier now describes it (changed in place): SKUs withdrawn, stock and prices overridden, and
 * the day the listing lapses as `ws_offline_date`.
 */
export function applySupplierScenario(
  scenario: SupplierScenario,
  productId: string,
  result: AeProductResult,
): void {
  const id = productId.trim();
  const list = result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o;
  result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o = list.filter(
    (sku) => !scenario.removedSkus.has(skuKey(id, sku.sku_id)),
  );
  for (const sku of result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o) {
    const stock = scenario.stock.get(skuKey(id, sku.sku_id));
    if (stock !== undefined) sku.sku_available_stock = stock;
    const price = scenario.price.get(skuKey(id, sku.sku_id));
    if (price !== undefined) {
      sku.offer_sale_price = price;
      // The list price never sits below what the supplier asks.
      if (Number(sku.sku_price) < Number(price)) sku.sku_price = price;
    }
  }
  const lapses = scenario.linkExpiresAt.get(id);
  if (lapses !== undefined) result.ae_item_base_info_dto.ws_offline_date = lapses;
}
