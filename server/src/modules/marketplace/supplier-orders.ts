import type { CarrierEvent, SupplierAddress, SupplierTracking } from './marketplace.types.ts';

// The supplier orders the fixture marketplace (and the stand-in on top of it) has taken, and what their parcels do
// next. By default a supplier order ships as soon as it is asked about, as before; with `holdShipments` on (the
// stand-in's control API or a test) a new order waits until it is shipped, scanned and delivered on purpose.

/** The marketplace's refusal codes, one per kind of failure a supplier order meets. */
export const REFUSAL_CODES = {
  sku_changed: 'B_DROPSHIPPER_SKU_NOT_FOUND',
  out_of_stock: 'B_DROPSHIPPER_INVENTORY_SHORTAGE',
  cannot_ship: 'B_DROPSHIPPER_DELIVERY_NOT_SUPPORTED',
  link_expired: 'B_DROPSHIPPER_PRODUCT_NOT_FOUND',
  address_rejected: 'B_DROPSHIPPER_ADDRESS_INVALID',
  payment_failed: 'B_DROPSHIPPER_PAYMENT_FAILED',
} as const;

export type RefusalClass = keyof typeof REFUSAL_CODES;

export interface KeptSupplierOrder {
  orderId: string;
  status: SupplierTracking['status'];
  trackingNumber: string | null;
  carrier: string | null;
  events: CarrierEvent[];
}

export interface SupplierOrderBook {
  orders: Map<string, KeptSupplierOrder>;
  /** New orders wait for `ship` instead of shipping when first asked about. */
  holdShipments: boolean;
  /** The next order (or its payment) is refused with this class, once. */
  failNext: RefusalClass | null;
}

/** One change, as the stand-in's `POST /control/orders` takes it. */
export type SupplierOrderChange =
  | { action: 'hold_shipments'; hold: boolean }
  | { action: 'ship'; orderId: string; trackingNumber?: string; carrier?: string }
  | { action: 'event'; orderId: string; description: string; time?: string }
  | { action: 'deliver'; orderId: string }
  | { action: 'fail_next'; failure: RefusalClass };

export function createSupplierOrderBook(): SupplierOrderBook {
  return { orders: new Map(), holdShipments: false, failNext: null };
}

export function resetSupplierOrderBook(book: SupplierOrderBook): void {
  book.orders.clear();
  book.holdShipments = false;
  book.failNext = null;
}

/** The tracking number a fixture supplier order gets when it ships without one given. */
export const defaultTrackingNumber = (orderId: string) => `LP00${orderId.slice(-12)}`;

/** Keeps a newly placed order: held ones wait for `ship`, the others answer as shipped from the first question. */
export function keepPlacedOrder(book: SupplierOrderBook, orderId: string): void {
  if (book.orders.has(orderId) || !book.holdShipments) return;
  book.orders.set(orderId, {
    orderId,
    status: 'awaiting_shipment',
    trackingNumber: null,
    carrier: null,
    events: [],
  });
}

/** Where a supplier order's parcel is; an order not kept has shipped with Cainiao and one scan. */
export function trackKeptOrder(book: SupplierOrderBook, orderId: string): SupplierTracking {
  const kept = book.orders.get(orderId);
  if (kept) {
    return {
      status: kept.status,
      trackingNumber: kept.trackingNumber,
      carrier: kept.carrier,
      events: kept.events.map((event) => ({ ...event })),
    };
  }
  return {
    status: 'shipped',
    trackingNumber: defaultTrackingNumber(orderId),
    carrier: 'Cainiao',
    events: [
      { time: new Date(Date.UTC(2026, 0, 6)).toISOString(), description: 'Departed from the sorting centre' },
    ],
  };
}

/** The refusal class the next order should meet, cleared as it is taken. */
export function takeFailNext(book: SupplierOrderBook): RefusalClass | null {
  const failure = book.failNext;
  book.failNext = null;
  return failure;
}

/** Postal codes as each country's post writes them; a country not listed takes any. */
const POSTAL_CODE: Record<string, RegExp> = {
  BR: /^\d{5}-?\d{3}$/,
  US: /^\d{5}(-\d{4})?$/,
  ES: /^\d{5}$/,
  IN: /^\d{6}$/,
  BD: /^\d{4}$/,
};

/**
 * Why the marketplace would refuse the address, as AliExpress does: Brazil's customs need the shopper's CPF (11
 * digits), and a postal code must have its country's shape. Null when it is accepted.
 */
export function addressProblem(address: SupplierAddress): string | null {
  const country = address.country.toUpperCase();
  if (country === 'BR' && !/^\d{11}$/.test((address.taxNumber ?? '').replace(/[.\-\s]/g, ''))) {
    return 'Orders to Brazil need the receiver’s CPF (11 digits).';
  }
  const shape = POSTAL_CODE[country];
  if (shape && !shape.test(address.postalCode.trim())) {
    return `The postal code "${address.postalCode}" is not valid for ${country}.`;
  }
  return null;
}

/** Applies one change; the reason it cannot be applied otherwise. */
export function applySupplierOrderChange(
  book: SupplierOrderBook,
  change: SupplierOrderChange,
  now: Date,
): string | null {
  const input = change as Partial<Record<string, unknown>>;
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
  if (change.action === 'hold_shipments') {
    if (typeof change.hold !== 'boolean') return 'hold must be true or false';
    book.holdShipments = change.hold;
    return null;
  }
  if (change.action === 'fail_next') {
    if (!(text('failure') in REFUSAL_CODES)) {
      return `failure must be one of ${Object.keys(REFUSAL_CODES).join(', ')}`;
    }
    book.failNext = change.failure;
    return null;
  }
  const orderId = text('orderId');
  if (!/^\d{1,20}$/.test(orderId)) return 'orderId must be a supplier order id';
  const kept = book.orders.get(orderId) ?? {
    orderId,
    status: 'awaiting_shipment' as const,
    trackingNumber: null,
    carrier: null,
    events: [],
  };
  switch (change.action) {
    case 'ship':
      kept.status = 'shipped';
      kept.trackingNumber = text('trackingNumber') || defaultTrackingNumber(orderId);
      kept.carrier = text('carrier') || 'Cainiao';
      kept.events.push({ time: now.toISOString(), description: 'Handed to the carrier' });
      break;
    case 'event': {
      if (kept.status === 'awaiting_shipment') return 'ship the order before its carrier has news';
      if (!text('description')) return 'description is required';
      const time = text('time');
      if (time && Number.isNaN(Date.parse(time))) return 'time must be a date-time';
      kept.events.push({
        time: time ? new Date(time).toISOString() : now.toISOString(),
        description: text('description'),
      });
      break;
    }
    case 'deliver':
      if (kept.status === 'awaiting_shipment') return 'ship the order before it is delivered';
      kept.status = 'delivered';
      kept.events.push({ time: now.toISOString(), description: 'Delivered' });
      break;
    default:
      return `unknown action ${JSON.stringify(input.action)}`;
  }
  book.orders.set(orderId, kept);
  return null;
}

/** The book as JSON, for the stand-in's `GET /control/orders`. */
export function describeSupplierOrderBook(book: SupplierOrderBook) {
  return { holdShipments: book.holdShipments, failNext: book.failNext, orders: [...book.orders.values()] };
}
