import type { Schemas } from '@shop/sdk/types';
import { MAX_LINE_QUANTITY } from '../../../lib/cart-store';

type Sku = Schemas['Sku'];
type SkuProperty = Schemas['SkuProperty'];

/** One choice of a property (a colour, a size); `key` tells apart values that share a display name. */
export type OptionValue = { key: string; label: string; image: string | null };
export type OptionGroup = { name: string; values: OptionValue[] };
/** The chosen value key per property name. */
export type SelectedOptions = Record<string, string>;

function propertiesOf(sku: Sku): SkuProperty[] {
  return sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? [];
}

function labelOf(property: SkuProperty): string {
  return property.property_value_definition_name || property.sku_property_value;
}

function keyOf(property: SkuProperty): string {
  return `${property.property_value_id}:${labelOf(property)}`;
}

/** Spec §2: option buttons grouped by property name, in the order the SKUs first mention them. */
export function groupOptions(skus: Sku[]): OptionGroup[] {
  const groups = new Map<string, Map<string, OptionValue>>();
  for (const sku of skus) {
    for (const property of propertiesOf(sku)) {
      const values = groups.get(property.sku_property_name) ?? new Map<string, OptionValue>();
      groups.set(property.sku_property_name, values);
      const key = keyOf(property);
      const known = values.get(key);
      if (!known) values.set(key, { key, label: labelOf(property), image: property.sku_image || null });
      else if (!known.image && property.sku_image) known.image = property.sku_image;
    }
  }
  return [...groups].map(([name, values]) => ({ name, values: [...values.values()] }));
}

export function skuImage(sku: Sku): string | null {
  return propertiesOf(sku).find((property) => property.sku_image)?.sku_image ?? null;
}

/** Spec §4: on load the first SKU with an image is preselected, else the first SKU. */
export function preselectSku(skus: Sku[]): Sku | undefined {
  return skus.find((sku) => skuImage(sku) !== null) ?? skus[0];
}

/**
 * The SKU a product page opens on: the one the server preselects (the lowest-priced in stock, whose price the
 * card shows); without one, spec §4's rule.
 */
export function openingSku(product: { skus: Sku[]; preselectedSkuId?: string | null }): Sku | undefined {
  return product.skus.find((sku) => sku.sku_id === product.preselectedSkuId) ?? preselectSku(product.skus);
}

/** The image a product page opens on: the preselected SKU's, else the product's first. */
export function openingImage(product: {
  skus: Sku[];
  images: string[];
  preselectedSkuId?: string | null;
}): string | undefined {
  const first = openingSku(product);
  return (first && skuImage(first)) ?? product.images[0];
}

export function optionsOf(sku: Sku | undefined): SelectedOptions {
  const selected: SelectedOptions = {};
  for (const property of sku ? propertiesOf(sku) : []) selected[property.sku_property_name] = keyOf(property);
  return selected;
}

/** Spec §4: the SKU matching every chosen option, or none. */
export function matchSku(skus: Sku[], selected: SelectedOptions): Sku | undefined {
  const chosen = Object.entries(selected);
  return skus.find((sku) => {
    const own = optionsOf(sku);
    return chosen.every(([name, key]) => own[name] === key);
  });
}

/** Spec §5: the quantity stays between 1 and the smaller of the SKU's stock and 12. */
export function clampQuantity(quantity: number, stock: number): number {
  const upper = Math.max(Math.min(stock, MAX_LINE_QUANTITY), 1);
  return Math.min(Math.max(Math.trunc(quantity), 1), upper);
}
