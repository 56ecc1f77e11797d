import type { disputes, orderChannel, orderStatus, resolutionAction } from '../schema.ts';

type OrderStatus = (typeof orderStatus.enumValues)[number];
type OrderChannel = (typeof orderChannel.enumValues)[number];

export type ShopperKey = 'shopper' | 'emily';

export interface SeedAddress {
  fullName: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  mobileNo: string;
  phoneCountry: string;
}

export const ADDRESSES: Record<ShopperKey, SeedAddress> = {
  shopper: {
    fullName: 'Demo Shopper',
    address: 'House 12, Road 5, Dhanmondi',
    city: 'Dhaka',
    province: 'Dhaka Division',
    postalCode: '1205',
    country: 'BD',
    mobileNo: '1712345678',
    phoneCountry: '+880',
  },
  emily: {
    fullName: 'Emily Carter',
    address: '1458 Valencia Street',
    city: 'San Francisco',
    province: 'CA',
    postalCode: '94110',
    country: 'US',
    mobileNo: '4155550142',
    phoneCountry: '+1',
  },
};

export interface SeedOrder {
  /** Referred to by disputes. */
  ref: string;
  customer: ShopperKey;
  /** Placed this many hours before the seed runs. */
  hoursAgo: number;
  channel: OrderChannel;
  status: OrderStatus;
  paymentMethod: 'Credit Card' | 'PayPal' | 'Bank Transfer';
  paid: boolean;
  /** The currency the shopper paid in; USD when not given. Priced at the seeded rate, which the order keeps. */
  currency?: string;
  /** Why a cancelled or failed order ended, kept as its reason and on its last status change. */
  reason?: string;
  /** Product keys (marketplace id or product code); the first SKU in stock is bought. */
  items: Array<{ product: string; quantity: number }>;
  logistics: string;
}

export const SEED_ORDERS: SeedOrder[] = [
  {
    ref: 'earbuds-and-cases',
    customer: 'shopper',
    hoursAgo: 28 * 24 + 5,
    channel: 'b2c',
    status: 'Completed',
    paymentMethod: 'Credit Card',
    paid: true,
    items: [
      { product: '1005006218437795', quantity: 1 },
      { product: '1005006084529133', quantity: 2 },
    ],
    logistics: 'CAINIAO_STANDARD',
  },
  {
    ref: 'watch-and-hub',
    customer: 'shopper',
    hoursAgo: 21 * 24 + 2,
    channel: 'b2c',
    status: 'Delivered',
    paymentMethod: 'PayPal',
    paid: true,
    items: [
      { product: '1005006637251902', quantity: 1 },
      { product: '1005006521764410', quantity: 1 },
    ],
    logistics: 'CAINIAO_STANDARD',
  },
  {
    ref: 'keyboard-cancelled',
    customer: 'shopper',
    hoursAgo: 12 * 24 + 9,
    channel: 'b2c',
    status: 'Cancelled',
    paymentMethod: 'Credit Card',
    paid: true,
    items: [{ product: '1005006402987711', quantity: 1 }],
    logistics: 'CAINIAO_STANDARD',
    reason: 'The customer ordered the wrong layout.',
  },
  {
    ref: 'yoga-and-hoodie',
    customer: 'shopper',
    hoursAgo: 6 * 24 + 3,
    channel: 'b2c',
    status: 'Shipped',
    paymentMethod: 'Credit Card',
    paid: true,
    items: [
      { product: '1005006119384672', quantity: 2 },
      { product: '90000001001', quantity: 1 },
    ],
    logistics: 'CAINIAO_STANDARD',
  },
  {
    ref: 'leather-belt',
    customer: 'shopper',
    hoursAgo: 2 * 24 + 4,
    channel: 'd2c',
    status: 'Confirmed',
    paymentMethod: 'Bank Transfer',
    paid: true,
    items: [{ product: '90000002001', quantity: 1 }],
    logistics: 'LOCAL_COURIER',
  },
  {
    ref: 'speaker-and-knives',
    customer: 'shopper',
    hoursAgo: 3,
    channel: 'b2c',
    status: 'Placed',
    paymentMethod: 'Bank Transfer',
    paid: false,
    currency: 'BDT',
    items: [
      { product: '1005006745190037', quantity: 1 },
      { product: '1005006185734428', quantity: 1 },
    ],
    logistics: 'CAINIAO_SUPER_ECONOMY',
  },
  {
    ref: 'desk-lamps',
    customer: 'emily',
    hoursAgo: 18 * 24 + 7,
    channel: 'b2c',
    status: 'Delivered',
    paymentMethod: 'PayPal',
    paid: true,
    items: [{ product: '1005006540927381', quantity: 2 }],
    logistics: 'AE_STANDARD_LOCAL',
  },
  {
    ref: 'office-bulk',
    customer: 'emily',
    hoursAgo: 4 * 24 + 1,
    channel: 'b2b',
    status: 'Pending',
    paymentMethod: 'Bank Transfer',
    paid: false,
    items: [
      { product: '1005006218437795', quantity: 5 },
      { product: '1005006521764410', quantity: 5 },
    ],
    logistics: 'CAINIAO_STANDARD',
  },
  {
    ref: 'watch-failed',
    customer: 'emily',
    hoursAgo: 26,
    channel: 'b2c',
    status: 'Failed',
    paymentMethod: 'Credit Card',
    paid: false,
    items: [{ product: '1005006637251902', quantity: 1 }],
    logistics: 'CAINIAO_STANDARD',
    reason: 'The card payment was declined by the issuer.',
  },
  {
    ref: 'cases-processing',
    customer: 'emily',
    hoursAgo: 30,
    channel: 'b2c',
    status: 'Processing',
    paymentMethod: 'PayPal',
    paid: true,
    items: [{ product: '1005006084529133', quantity: 3 }],
    logistics: 'CAINIAO_STANDARD',
  },
];

/** The statuses an order passed through to reach `status`, oldest first. */
export function statusPath(status: OrderStatus): OrderStatus[] {
  switch (status) {
    case 'Placed':
      return ['Placed'];
    case 'Pending':
      return ['Placed', 'Pending'];
    case 'Confirmed':
      return ['Placed', 'Confirmed'];
    case 'Processing':
      return ['Placed', 'Confirmed', 'Processing'];
    case 'Shipped':
      return ['Placed', 'Confirmed', 'Shipped'];
    case 'Delivered':
      return ['Placed', 'Confirmed', 'Shipped', 'Delivered'];
    case 'Completed':
      return ['Placed', 'Confirmed', 'Shipped', 'Delivered', 'Completed'];
    case 'Cancelled':
      return ['Placed', 'Confirmed', 'Cancelled'];
    case 'Failed':
      return ['Placed', 'Failed'];
  }
}

type DisputeInsert = typeof disputes.$inferInsert;

export interface SeedDispute {
  customer: ShopperKey;
  order: string | null;
  hoursAgo: number;
  subject: string;
  description: string;
  category: NonNullable<DisputeInsert['category']>;
  priority: NonNullable<DisputeInsert['priority']>;
  status: NonNullable<DisputeInsert['status']>;
  resolution?: {
    action: (typeof resolutionAction.enumValues)[number];
    /** Whole order total when omitted. */
    amountMinor?: number;
    currency: string;
    notes: string;
  };
  /** Hours after the dispute was opened. */
  messages: Array<{ sender: 'user' | 'admin' | 'support'; afterHours: number; message: string }>;
}

export const SEED_DISPUTES: SeedDispute[] = [
  {
    customer: 'shopper',
    order: 'earbuds-and-cases',
    hoursAgo: 20 * 24,
    subject: 'Charging case lid snapped off',
    description:
      'The charging case lid snapped off on arrival. The earbuds work but the case no longer closes.',
    category: 'product_quality',
    priority: 'high',
    status: 'open',
    messages: [
      {
        sender: 'user',
        afterHours: 0,
        message: 'Photos attached in my email. Can I get a replacement case?',
      },
    ],
  },
  {
    customer: 'shopper',
    order: 'yoga-and-hoodie',
    hoursAgo: 2 * 24,
    subject: 'Tracking has not moved for days',
    description: 'My parcel has shown "In transit" at the origin hub since it shipped.',
    category: 'delivery_problem',
    priority: 'medium',
    status: 'under_review',
    messages: [
      { sender: 'user', afterHours: 0, message: 'Tracking still shows the origin hub. Is the parcel lost?' },
      {
        sender: 'support',
        afterHours: 5,
        message: 'We have asked the carrier for an update and will reply within 48 hours.',
      },
      { sender: 'user', afterHours: 20, message: 'Thank you, waiting for the update.' },
    ],
  },
  {
    customer: 'shopper',
    order: 'keyboard-cancelled',
    hoursAgo: 11 * 24,
    subject: 'Refund for cancelled keyboard order',
    description: 'I cancelled the keyboard order the same day but have not seen the refund yet.',
    category: 'refund_request',
    priority: 'medium',
    status: 'resolved',
    resolution: { action: 'refund', currency: 'USD', notes: 'Full refund issued to the original card.' },
    messages: [
      { sender: 'user', afterHours: 0, message: 'When will the refund reach my card?' },
      {
        sender: 'admin',
        afterHours: 26,
        message: 'The refund has been issued; banks take 5-10 business days.',
      },
    ],
  },
  {
    customer: 'emily',
    order: 'watch-failed',
    hoursAgo: 20,
    subject: 'Charged but the order shows Failed',
    description: 'My card statement shows a pending charge for the smart watch, but the order says Failed.',
    category: 'payment_issue',
    priority: 'urgent',
    status: 'escalated',
    messages: [
      { sender: 'user', afterHours: 0, message: 'Please cancel the charge or complete the order.' },
      {
        sender: 'support',
        afterHours: 3,
        message: 'A failed payment hold is usually released by the bank within 7 days.',
      },
      { sender: 'user', afterHours: 8, message: 'It is still pending and I need this sorted, escalating.' },
    ],
  },
];
