import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

export const PAYMENT_STATES = [
  'pending',
  'paid',
  'failed',
  'refunded',
  'partially_refunded',
] as const satisfies readonly Schemas['PaymentState'][];

export const COD_STATES = [
  'awaiting_delivery',
  'collected',
  'remitted',
  'short',
] as const satisfies readonly Schemas['CodState'][];

export const PAYMENT_TABS = ['payments', 'refunds', 'cod'] as const;

const page = z.number().int().min(1).default(1).catch(1);
const text = (max: number) => z.string().trim().max(max).default('').catch('');

/** The Payments screen's state in the URL: which tab, and each tab's page and filters. */
export const paymentsSearchSchema = z.object({
  tab: z.enum(PAYMENT_TABS).default('payments').catch('payments'),
  page,
  /** The mismatch list's own page, under the payments table. */
  mismatchPage: page,
  provider: text(40),
  state: z
    .enum(['all', ...PAYMENT_STATES])
    .default('all')
    .catch('all'),
  q: text(200),
  carrier: text(100),
  codState: z
    .enum(['all', ...COD_STATES])
    .default('all')
    .catch('all'),
});

export type PaymentsSearch = z.output<typeof paymentsSearchSchema>;
export type PaymentsTab = PaymentsSearch['tab'];

export const paymentsSearchDefaults = {
  tab: 'payments',
  page: 1,
  mismatchPage: 1,
  provider: '',
  state: 'all',
  q: '',
  carrier: '',
  codState: 'all',
} as const satisfies PaymentsSearch;
