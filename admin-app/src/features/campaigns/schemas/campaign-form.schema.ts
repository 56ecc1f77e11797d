import type { RequestBody, Schemas } from '@shop/sdk/types';
import { checkDiscount, localDateTime } from '@shop/ui/discount.schema';
import { z } from 'zod';

export const CAMPAIGN_TYPES = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed Amount' },
  { value: 'free_shipping', label: 'Free Shipping' },
] as const satisfies ReadonlyArray<{ value: Schemas['CampaignType']; label: string }>;

/** The storefront categories a campaign can target, as the catalogue's category filter names them. */
export const CAMPAIGN_CATEGORIES = [
  'Electronics',
  'Fashion',
  'Home & Kitchen',
  'Beauty',
  'Books',
  'Men',
  'Women',
  'Home',
] as const satisfies ReadonlyArray<Schemas['CampaignCategory']>;

export const NAME_REQUIRED = 'Name is required.';
export const LIMIT_AT_LEAST_ONE = 'A limit must be at least 1.';

const limit = z
  .number(LIMIT_AT_LEAST_ONE)
  .int('A limit is a whole number.')
  .min(1, LIMIT_AT_LEAST_ONE)
  .optional();

/** New Campaign and Edit Campaign, one form: the server checks the same rules and its messages land beside the fields. */
export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1, NAME_REQUIRED).max(120, 'Name must be at most 120 characters.'),
    type: z.enum(['percentage', 'fixed', 'free_shipping']),
    value: z.number('Enter a number.').optional(),
    startsAt: localDateTime('Choose when the campaign starts.'),
    endsAt: localDateTime('Choose when the campaign ends.'),
    minOrder: z.number('Enter a number.').min(0, 'The minimum order cannot be negative.').optional(),
    productIds: z.array(z.string()),
    categories: z.array(z.enum(CAMPAIGN_CATEGORIES)),
    usageLimitTotal: limit,
    usageLimitPerShopper: limit,
  })
  .superRefine(checkDiscount)
  .transform((values) => ({
    ...values,
    value: values.type === 'free_shipping' ? 0 : (values.value ?? 0),
    startsAt: new Date(values.startsAt).toISOString(),
    endsAt: new Date(values.endsAt).toISOString(),
    minOrder: values.minOrder ?? 0,
    usageLimitTotal: values.usageLimitTotal ?? null,
    usageLimitPerShopper: values.usageLimitPerShopper ?? null,
  })) satisfies z.ZodType<RequestBody<'createCampaign'>>;

export type CampaignFormValues = z.input<typeof campaignFormSchema>;
export type CampaignFormBody = z.output<typeof campaignFormSchema>;
