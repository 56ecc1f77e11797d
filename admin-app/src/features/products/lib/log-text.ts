/**
 * Reading the marketplace record kept in a product's `logText` (spec 1 §3). It is stored text, not an API shape:
 * old records may not parse, so every field is checked rather than trusted.
 */

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** The parts of a marketplace record the lists show. */
type LogTextView = {
  title?: string;
  /** First of the `;`-separated image addresses. */
  image?: string;
  /** `item_id`, shown as the SKU. */
  itemId?: string;
  /** `discount_price`, as the record holds it. */
  discountPrice?: string;
  currencyCode?: string;
};

/** The view of `logText`, or null when the text is not a JSON object. */
export function readLogText(logText: string): LogTextView | null {
  let record: unknown;
  try {
    record = JSON.parse(logText);
  } catch {
    return null;
  }
  if (!isObject(record)) return null;
  const base = isObject(record.ae_item_base_info_dto) ? record.ae_item_base_info_dto : {};
  const media = isObject(record.ae_multimedia_info_dto) ? record.ae_multimedia_info_dto : {};
  const image = text(media.image_urls)
    ?.split(';')
    .map((url) => url.trim())
    .find((url) => url !== '');
  const title = text(base.subject)?.trim();
  return {
    title: title || undefined,
    image,
    itemId: text(base.item_id),
    discountPrice: text(base.discount_price),
    currencyCode: text(base.currency_code),
  };
}

/** Cuts `value` to `max` characters and marks the cut with '...' (spec 1 §9: 60 in the store list, 120 in the catalogue). */
export function truncateTitle(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}...` : value;
}
