// What a shopper's order request becomes before it is priced: its lines merged and checked, its address trimmed
// and checked as the supplier will check it.
import type { RequestBody } from '../../http/contract-types.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { OrderRequestLine } from './orders.priced.ts';
import { MAX_LINE_QUANTITY } from './orders.pricing.ts';
import type { PlaceOrderInput } from './orders.repository.ts';

type PlaceOrderBody = RequestBody<'placeOrder'>;

/**
 * The order's lines as the quote and the order price them: repeated product + SKU lines become one line, which
 * together may not exceed the per-line limit; a product id that is not a uuid names no product (404).
 */
export function orderLines(items: PlaceOrderBody['items']): OrderRequestLine[] {
  const lines: Array<OrderRequestLine & { index: number }> = [];
  for (const [index, item] of items.entries()) {
    const same = lines.find((line) => line.productId === item.product && line.skuId === item.sku_id);
    const service = item.logistics_service_name?.trim() || null;
    if (same) {
      same.quantity += item.quantity;
      same.service ??= service;
    } else
      lines.push({ productId: item.product, skuId: item.sku_id, quantity: item.quantity, service, index });
  }
  const tooMany = lines.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (tooMany) {
    throw validationError(
      [{ path: `/items/${tooMany.index}/quantity`, message: `must be <= ${MAX_LINE_QUANTITY}` }],
      `At most ${MAX_LINE_QUANTITY} of one item can be ordered at a time.`,
    );
  }
  // Not a uuid would make the uuid comparison fail in SQL.
  if (lines.some((line) => !isUuid(line.productId))) {
    throw notFound('A product in your order no longer exists.');
  }
  return lines.map(({ productId, skuId, quantity, service }) => ({ productId, skuId, quantity, service }));
}

/**
 * The checkout form's address or the spec's Order address (`postalCode` for `zip`). The schema asks for at least
 * one character; a field of spaces only is just as empty, so a required one is refused and an optional one dropped.
 */
export const CPF_NEEDED = 'Orders to Brazil need the receiver’s CPF (11 digits).';

export function shippingAddressOf(address: PlaceOrderBody['shippingAddress']): PlaceOrderInput['address'] {
  const optional = (value: string | undefined) => value?.trim() || null;
  const postalCode = optional(address.zip) ?? optional(address.postalCode);
  const missing = [
    ...(address.address.trim() === '' ? ['address'] : []),
    ...(address.city.trim() === '' ? ['city'] : []),
    ...(postalCode === null ? ['zip'] : []),
  ];
  if (missing.length > 0) {
    throw validationError(
      missing.map((field) => ({ path: `/shippingAddress/${field}`, message: 'is required' })),
    );
  }
  const taxNumber = optional(address.tax_number)?.replace(/[.\-\s]/g, '') ?? null;
  // Brazil's customs name the receiver by CPF: the supplier refuses an order to Brazil without one.
  if (address.country === 'BR' && !/^\d{11}$/.test(taxNumber ?? '')) {
    throw validationError([{ path: '/shippingAddress/tax_number', message: CPF_NEEDED }]);
  }
  return {
    fullName: optional(address.full_name),
    address: address.address.trim(),
    city: address.city.trim(),
    province: optional(address.province),
    postalCode: postalCode ?? '',
    country: address.country,
    mobileNo: optional(address.mobile_no),
    phoneCountry: optional(address.phone_country),
    taxNumber,
    logisticsServiceName: optional(address.logistics_service_name),
  };
}
