import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** Meta Tags: what storefront pages without their own title or description use. */
export const metaTagsSchema = z.object({
  metaTitle: z.string().trim().max(200, 'At most 200 characters'),
  metaDescription: z.string().trim().max(500, 'At most 500 characters'),
}) satisfies z.ZodType<RequestBody<'updateMarketingSettings'>>;

export const GA4_MESSAGE = 'A Google Analytics 4 measurement id looks like G-ABC123XYZ9.';
export const PIXEL_MESSAGE = 'A Meta Pixel id is 15 or 16 digits.';

/** Analytics: known identifiers only, in the formats the server accepts (never script). */
export const analyticsSchema = z.object({
  analyticsGa4Id: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(G-[A-Z0-9]{4,12})?$/, GA4_MESSAGE),
  analyticsMetaPixelId: z
    .string()
    .trim()
    .regex(/^([0-9]{15,16})?$/, PIXEL_MESSAGE),
}) satisfies z.ZodType<RequestBody<'updateMarketingSettings'>>;

export type MetaTagsValues = z.input<typeof metaTagsSchema>;
export type AnalyticsValues = z.input<typeof analyticsSchema>;
