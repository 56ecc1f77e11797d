import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

export const CARRIER_REQUIRED = 'Carrier is required';
export const TRACKING_REQUIRED = 'Tracking number is required';

const required = (message: string) => z.string().trim().min(1, message).max(100, 'At most 100 characters.');

/** Mark as shipped: the contract's two required fields, not blank, at most 100 characters each. */
export const shipOrderSchema = z.object({
  carrier: required(CARRIER_REQUIRED),
  trackingNumber: required(TRACKING_REQUIRED),
}) satisfies z.ZodType<RequestBody<'shipVendorOrder'>>;

export type ShipOrderValues = z.input<typeof shipOrderSchema>;
export type ShipOrderBody = z.output<typeof shipOrderSchema>;
