import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { readLogText, truncateTitle } from './log-text';

type ProductListItem = Schemas['ProductListItem'];

/** Spec 1 §9 title cuts. */
const STORE_TITLE_MAX = 60;
const CATALOGUE_TITLE_MAX = 120;

/** Display status of a store-list row: the product's status, or 'error' when its record cannot be parsed (§4). */
export type DisplayStatus = Schemas['ProductStatus'] | 'error';

/** One row of the Product Management list (spec 1 §2.8). */
export type StoreRow = {
  id: string;
  /** The cut title, or 'Invalid product data' for an unparsable record. */
  title: string;
  fullTitle?: string;
  image?: string;
  sku?: string;
  /** What shoppers pay before their country's rule, in the store's currency (`currency`). */
  price?: string;
  /** Imported products: the card SKU's supplier cost and the margin on it, in the store's currency. */
  cost?: string;
  margin?: string;
  /** The store's currency the row's money is in; absent when the server could not convert it. */
  currency?: string;
  status: DisplayStatus;
  source: Schemas['ProductSource'];
  /** Staff approval of a vendor's product, and why it was rejected. */
  approval?: Schemas['ProductApproval'];
  approvalNote?: string;
  invalid: boolean;
};

const INVALID_PRODUCT_TEXT = 'Invalid product data';

export function toStoreRow(item: ProductListItem): StoreRow {
  const view = readLogText(item.logText);
  const approval = {
    ...(item.approval ? { approval: item.approval } : {}),
    ...(item.approvalNote ? { approvalNote: item.approvalNote } : {}),
  };
  if (!view) {
    return {
      id: item.id,
      title: INVALID_PRODUCT_TEXT,
      status: 'error',
      source: item.source,
      ...approval,
      invalid: true,
    };
  }
  const fullTitle = view.title ?? item.name;
  return {
    id: item.id,
    title: truncateTitle(fullTitle, STORE_TITLE_MAX),
    fullTitle,
    image: view.image ?? item.images[0],
    sku: view.itemId,
    ...(item.staffPricing
      ? storeMoney(item.staffPricing)
      : { price: storePrice(item, view.discountPrice, view.currencyCode) }),
    status: item.status,
    source: item.source,
    ...approval,
    invalid: false,
  };
}

/** '$1.56 (10.00%)': the margin in money and as profit over cost, as the server computed both. */
export function marginText(
  margin: number | null,
  percent: number | null,
  currency: string,
): string | undefined {
  if (margin === null) return undefined;
  return percent === null
    ? formatMoney(margin, currency)
    : `${formatMoney(margin, currency)} (${percent.toFixed(2)}%)`;
}

/** Price, cost and margin in the store's currency, so the row never mixes two currencies. */
function storeMoney(money: Schemas['StaffPricing']) {
  const margin = marginText(money.margin, money.marginPercent, money.currency);
  return {
    currency: money.currency,
    price: formatMoney(money.price, money.currency),
    ...(money.cost !== null ? { cost: formatMoney(money.cost, money.currency) } : {}),
    ...(margin ? { margin } : {}),
  };
}

/**
 * Without the store-currency figures (a rate is missing): the record's discount price (spec 1 §3) in the record's
 * own currency; without both, the server's lowest sale price (already in the list's currency).
 */
function storePrice(item: ProductListItem, discountPrice?: string, currencyCode?: string): string {
  const amount =
    discountPrice === undefined || discountPrice.trim() === '' ? Number.NaN : Number(discountPrice);
  if (currencyCode && Number.isFinite(amount)) return formatMoney(amount, currencyCode);
  return formatMoney(item.price, item.currency);
}

/** One row of the catalogue list (spec 1 §2.9): an unparsable record has no image and no title. */
export type CatalogueRow = {
  _id: string;
  productId: string;
  source: Schemas['ProductSource'];
  image?: string;
  title?: string;
  fullTitle?: string;
};

export function toCatalogueRow(item: ProductListItem): CatalogueRow {
  const view = readLogText(item.logText);
  const row: CatalogueRow = { _id: item._id, productId: item.productId, source: item.source };
  if (!view) return row;
  const fullTitle = view.title ?? (item.name.trim() || undefined);
  return {
    ...row,
    image: view.image ?? item.images[0],
    fullTitle,
    title: fullTitle ? truncateTitle(fullTitle, CATALOGUE_TITLE_MAX) : undefined,
  };
}

/** The marketplace's item page (spec 1 §2.9 'View on AliExpress'). */
export const marketplaceItemUrl = (productId: string) => `https://www.aliexpress.com/item/${productId}.html`;
