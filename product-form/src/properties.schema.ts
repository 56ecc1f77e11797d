import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

const PROPERTIES_INCOMPLETE = 'Please fill in all attribute names and values.';

// Spec 1 §9: attribute name id = row index + 1, attribute value id = row index + 1000.
const ATTR_NAME_ID_OFFSET = 1;
const ATTR_VALUE_ID_OFFSET = 1000;

/** Spec 1 §2.12: what 'Add Common Properties' adds. */
export const COMMON_PROPERTY_NAMES = ['Color', 'Size', 'Material', 'Brand', 'Weight'] as const;

const propertyRow = z.object({ attr_name: z.string(), attr_value: z.string() });
type PropertyRow = z.infer<typeof propertyRow>;

/** A property is Complete when its name and value are both filled (spaces do not count). */
export const isPropertyComplete = (row: PropertyRow) =>
  row.attr_name.trim() !== '' && row.attr_value.trim() !== '';

const submission = (rows: PropertyRow[]) =>
  rows.map(
    (row, index) =>
      ({
        attr_name_id: index + ATTR_NAME_ID_OFFSET,
        attr_value_id: index + ATTR_VALUE_ID_OFFSET,
        attr_name: row.attr_name.trim(),
        attr_value: row.attr_value.trim(),
      }) satisfies Schemas['AeItemProperty'],
  );

/** Spec 1 §5 "Properties": at least one row, and every row needs a name and a value. */
export const propertiesSchema = z.object({
  properties: z
    .array(propertyRow)
    .min(1, PROPERTIES_INCOMPLETE)
    .refine((rows) => rows.every(isPropertyComplete), PROPERTIES_INCOMPLETE)
    .transform(submission),
});

const isPropertyEmpty = (row: PropertyRow) => row.attr_name.trim() === '' && row.attr_value.trim() === '';

/** The same list where a product may have no attributes: rows left empty are dropped, half-filled ones are not. */
export const optionalPropertiesSchema = z.object({
  properties: z
    .array(propertyRow)
    .refine(
      (rows) => rows.every((row) => isPropertyComplete(row) || isPropertyEmpty(row)),
      PROPERTIES_INCOMPLETE,
    )
    .transform((rows) => submission(rows.filter(isPropertyComplete))),
});

export type PropertiesValues = z.input<typeof propertiesSchema>;
export type PropertySubmission = z.output<typeof propertiesSchema>['properties'][number];

export const emptyPropertyRow = (): PropertyRow => ({ attr_name: '', attr_value: '' });
