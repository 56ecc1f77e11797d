import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

/** A whole number of 0 or more that the form holds as `undefined` while its input is empty. */
const requiredCount = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: `${label} is required.` });
        return z.NEVER;
      }
      return value;
    });

/** Prices are decimal text in the marketplace's shape ('18.99'). */
const requiredPrice = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .regex(/^\d+(\.\d+)?$/, `${label} must be a number of 0 or more.`);

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text ? text : undefined));

const skuPropertySchema = z.object({
  sku_property_id: z.number().int(),
  sku_property_name: z.string(),
  sku_property_value: requiredText('Property value', 255),
  property_value_id: requiredCount('Property Value ID'),
  // Only the Color property (id 14) carries these two.
  property_value_definition_name: optionalText,
  sku_image: optionalText,
}) satisfies z.ZodType<Schemas['SkuProperty']>;

/** Spec 1 §3 SKU with the §5 rules: the listed inputs are required, prices are decimal text, counts whole. */
const skuSchema = z.object({
  sku_id: requiredText('SKU ID', 64),
  sku_attr: requiredText('Attributes', 500),
  offer_sale_price: requiredPrice('Offer Sale Price'),
  sku_price: requiredPrice('SKU Price'),
  offer_bulk_sale_price: optionalText,
  sku_available_stock: requiredCount('Available Stock'),
  sku_bulk_order: requiredCount('Bulk Order Quantity'),
  price_include_tax: z.boolean(),
  limit_strategy: z.string().trim().min(1, 'Limit Strategy is required.'),
  currency_code: z
    .string()
    .trim()
    .min(1, 'Currency Code is required.')
    .regex(/^[A-Z]{3}$/, 'Currency Code must be a 3-letter uppercase code (e.g., USD).'),
  buy_amount_limit_set_by_promotion: optionalText,
  id: optionalText,
  ae_sku_property_dtos: z.object({ ae_sku_property_d_t_o: z.array(skuPropertySchema).max(20) }),
}) satisfies z.ZodType<Schemas['Sku']>;

export const skusSchema = z.object({
  skus: z.array(skuSchema).min(1, 'Add at least one SKU.'),
});

type SkuValues = z.input<typeof skuSchema>;
export type SkusValues = z.input<typeof skusSchema>;
type SkuPropertyValues = z.input<typeof skuPropertySchema>;

/** Property ids of a new SKU's three starting properties (spec 1 §3). */
export const COLOR_PROPERTY_ID = 14;
const IS_CUSTOMIZED_PROPERTY_ID = 200007009;
const SHIPS_FROM_PROPERTY_ID = 200007763;

const startingProperty = (sku_property_id: number, sku_property_name: string): SkuPropertyValues => ({
  sku_property_id,
  sku_property_name,
  sku_property_value: '',
  property_value_id: undefined,
});

/** Spec 1 §9 "New SKU defaults": USD, create_order_fail, stock 0, bulk 0, tax not included. */
export function newSku(): SkuValues {
  return {
    sku_id: '',
    sku_attr: '',
    offer_sale_price: '',
    sku_price: '',
    sku_available_stock: 0,
    sku_bulk_order: 0,
    price_include_tax: false,
    limit_strategy: 'create_order_fail',
    currency_code: 'USD',
    ae_sku_property_dtos: {
      ae_sku_property_d_t_o: [
        {
          ...startingProperty(COLOR_PROPERTY_ID, 'Color'),
          property_value_definition_name: '',
          sku_image: '',
        },
        startingProperty(IS_CUSTOMIZED_PROPERTY_ID, 'Is Customized'),
        startingProperty(SHIPS_FROM_PROPERTY_ID, 'Ships From'),
      ],
    },
  };
}

/** A SKU from the API in the form's shape (absent optional fields become empty inputs or defaults). */
export function skuToValues(sku: Schemas['Sku']): SkuValues {
  return {
    ...sku,
    sku_bulk_order: sku.sku_bulk_order ?? 0,
    price_include_tax: sku.price_include_tax ?? false,
    limit_strategy: sku.limit_strategy ?? 'create_order_fail',
    currency_code: sku.currency_code ?? 'USD',
    ae_sku_property_dtos: { ae_sku_property_d_t_o: sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? [] },
  };
}
