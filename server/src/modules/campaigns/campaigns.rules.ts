import { randomInt } from 'node:crypto';
import type { components } from '@shop/sdk/types';
import type { campaigns } from '../../db/schema.ts';
import type { FieldError } from '../../http/errors.ts';
import { decimalTextToMinor, formatMinor, toDecimalText, toMinor } from '../../money/money.ts';

// The rules of Campaigns & Discounts that need no database: a campaign's status from its dates, which order lines
// its discount applies to, the rules as one sentence, coupon codes, and the checks of the create and edit forms.

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignStatus = components['schemas']['CampaignStatus'];
export type CampaignType = components['schemas']['CampaignType'];
type CampaignInput = components['schemas']['CampaignInput'];

/** Scheduled before the start, Active until the end, Ended from the end on (spec 2 §4). */
export function campaignStatus(
  campaign: Pick<CampaignRow, 'startsAt' | 'endsAt'>,
  now: Date,
): CampaignStatus {
  if (now < campaign.startsAt) return 'Scheduled';
  return now < campaign.endsAt ? 'Active' : 'Ended';
}

/** What the campaign's discount needs to know about a product in an order. */
export interface ProductScope {
  id: string;
  storeId: string | null;
  categories: readonly string[];
}

/**
 * A line is eligible when its product is the campaign's store's (for a vendor's campaign) and is one of the
 * campaign's products or in one of its categories; a campaign naming neither applies to every product.
 */
export function appliesTo(
  campaign: Pick<CampaignRow, 'storeId' | 'productIds' | 'categories'>,
  product: ProductScope,
): boolean {
  if (campaign.storeId !== null && product.storeId !== campaign.storeId) return false;
  if (campaign.productIds.length === 0 && campaign.categories.length === 0) return true;
  return (
    campaign.productIds.includes(product.id) ||
    product.categories.some((category) => campaign.categories.includes(category))
  );
}

const usd = (minor: number) => formatMinor(minor, 'USD', 'en-US');
/** '10.00' → '10', '12.50' → '12.5'. */
const percent = (value: string) => String(Number(value));

function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const times = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The rules as one sentence, for the list's rules description: '10% off Electronics and 2 products, on orders
 * of $50.00 or more; 1 use per shopper, 500 uses in all.'
 */
export function rulesDescription(
  campaign: Pick<
    CampaignRow,
    | 'type'
    | 'value'
    | 'minOrderUsdMinor'
    | 'productIds'
    | 'categories'
    | 'usageLimitTotal'
    | 'usageLimitPerShopper'
  >,
  storeName: string | null = null,
): string {
  const productCount = campaign.productIds.length;
  const targets = listed([
    ...campaign.categories,
    ...(productCount > 0 ? [times(productCount, 'product', 'products')] : []),
  ]);
  const from = storeName ? ` from ${storeName}` : '';
  const offer =
    campaign.type === 'free_shipping'
      ? targets
        ? `Free shipping on orders with ${targets}${from}`
        : `Free shipping on every order${storeName ? ` with products${from}` : ''}`
      : `${campaign.type === 'percentage' ? `${percent(campaign.value)}%` : usd(decimalTextToMinor(campaign.value) ?? 0)} off ${targets || 'every product'}${from}`;
  const minimum =
    campaign.minOrderUsdMinor > 0 ? `, on orders of ${usd(campaign.minOrderUsdMinor)} or more` : '';
  const limits = [
    ...(campaign.usageLimitPerShopper !== null
      ? [`${times(campaign.usageLimitPerShopper, 'use', 'uses')} per shopper`]
      : []),
    ...(campaign.usageLimitTotal !== null
      ? [`${times(campaign.usageLimitTotal, 'use', 'uses')} in all`]
      : []),
  ];
  return `${offer}${minimum}; ${limits.length > 0 ? limits.join(', ') : 'no usage limit'}.`;
}

/** A coupon code as it is kept: 3 to 32 capital letters, digits and dashes. */
export const COUPON_CODE = /^[A-Z0-9-]{3,32}$/;
export const CODE_FORMAT = 'A code is 3 to 32 letters A-Z, digits and dashes.';

/** Shoppers and staff may type a code in any case and with spaces around it. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

// No 0/O or 1/I: a code read out or copied by hand stays unambiguous.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new random code, `XXXX-XXXX` (32^8 possibilities). */
export function generateCode(): string {
  const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

/** The columns a create or edit sets. */
export type CampaignValues = Pick<
  CampaignRow,
  | 'name'
  | 'type'
  | 'value'
  | 'startsAt'
  | 'endsAt'
  | 'minOrderUsdMinor'
  | 'productIds'
  | 'categories'
  | 'usageLimitTotal'
  | 'usageLimitPerShopper'
>;

export const NAME_REQUIRED = 'Name is required.';
export const END_AFTER_START = 'The end must be after the start.';
export const PERCENT_RANGE = 'A percentage must be from 1 to 100.';
export const FIXED_ABOVE_ZERO = 'A fixed amount must be more than 0.';
const TWO_DECIMALS = 'At most two decimals.';

/**
 * The create and edit forms' checks beyond the contract's (which already refused limits below 1 and unknown
 * categories): each failure is a field error; without any, the values to store.
 */
export function campaignValues(
  body: CampaignInput,
): { errors: FieldError[]; values: null } | { errors: []; values: CampaignValues } {
  const errors: FieldError[] = [];
  const name = body.name.trim();
  if (name === '') errors.push({ path: '/name', message: NAME_REQUIRED });
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (!(endsAt > startsAt)) errors.push({ path: '/endsAt', message: END_AFTER_START });

  const valueMinor = toMinor(body.value ?? 0);
  if (body.type !== 'free_shipping') {
    if (valueMinor === null) errors.push({ path: '/value', message: TWO_DECIMALS });
    else if (body.type === 'percentage' && (valueMinor < 100 || valueMinor > 100_00)) {
      errors.push({ path: '/value', message: PERCENT_RANGE });
    } else if (body.type === 'fixed' && valueMinor <= 0) {
      errors.push({ path: '/value', message: FIXED_ABOVE_ZERO });
    }
  }
  const minOrderUsdMinor = toMinor(body.minOrder ?? 0);
  if (minOrderUsdMinor === null) errors.push({ path: '/minOrder', message: TWO_DECIMALS });

  if (errors.length > 0 || minOrderUsdMinor === null) return { errors, values: null };
  return {
    errors: [],
    values: {
      name,
      type: body.type,
      value: body.type === 'free_shipping' ? '0.00' : toDecimalText(valueMinor ?? 0),
      startsAt,
      endsAt,
      minOrderUsdMinor,
      productIds: [...new Set((body.productIds ?? []).map((id) => id.toLowerCase()))],
      categories: [...new Set(body.categories ?? [])],
      usageLimitTotal: body.usageLimitTotal ?? null,
      usageLimitPerShopper: body.usageLimitPerShopper ?? null,
    },
  };
}
