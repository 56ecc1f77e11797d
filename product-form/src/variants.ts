import type { Schemas } from '@shop/sdk/types';

// Options by name (Color: Red, Blue; Size: S, M) and the variants they make, one per combination, turned into the
// contract's SKUs. The contract names options and values by number as the marketplace does; a product made here
// gets stable numbers derived from the names, and a saved product keeps the numbers its SKUs already have.

type Sku = Schemas['Sku'];
type SkuProperty = Schemas['SkuProperty'];

/** A value the saved SKUs already have: the number they give it and the text they store (the label is shown). */
export type KnownValue = { label: string; id: number; raw: string };

export type ProductOption = {
  name: string;
  values: string[];
  /** The number the saved SKUs give this option; a new option gets one from its name. */
  propertyId?: number | undefined;
  known?: KnownValue[] | undefined;
};

export type OptionChoice = { name: string; value: string };

/** One variant: a combination of option values with its own price, stock, SKU code and picture. */
export type VariantRow = {
  key: string;
  combination: OptionChoice[];
  price: string;
  /** The price before a discount, shown struck through; empty when there is none. */
  compareAtPrice: string;
  stock?: number | undefined;
  skuCode: string;
  image: string;
  /** The saved SKU this row edits: fields the form does not show (bulk prices, limits) are kept from it. */
  source?: Sku | undefined;
};

/** The contract's limits: SKUs per product and properties per SKU. */
export const MAX_VARIANTS = 100;
export const MAX_OPTIONS = 20;

// The marketplace's own numbers for the two most common options, so such products read alike everywhere.
const WELL_KNOWN_OPTIONS: Record<string, number> = { color: 14, colour: 14, size: 5 };
const DERIVED_ID_BASE = 1_000_000_000;

const normalName = (name: string) => name.trim().toLowerCase();

/** A number for a name that is the same every time (FNV-1a), clear of the marketplace's small ids. */
export function stableId(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of normalName(text)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return DERIVED_ID_BASE + (hash % DERIVED_ID_BASE);
}

/** The options that make variants: named, with at least one value. */
export function activeOptions(options: readonly ProductOption[]): ProductOption[] {
  return options.filter((option) => option.name.trim() !== '' && option.values.length > 0);
}

/** How many variants the options make. */
export function variantCount(options: readonly ProductOption[]): number {
  return activeOptions(options).reduce((count, option) => count * option.values.length, 1);
}

/** Every combination of one value per option, in option order (one empty combination without options). */
export function combinations(options: readonly ProductOption[]): OptionChoice[][] {
  return activeOptions(options).reduce<OptionChoice[][]>(
    (combos, option) =>
      combos.flatMap((combo) =>
        option.values.map((value) => [...combo, { name: option.name.trim(), value }]),
      ),
    [[]],
  );
}

/** Rows are matched by their values in option order, so renaming an option keeps what was typed. */
export const combinationKey = (choices: readonly OptionChoice[]) =>
  choices.map((c) => c.value).join('\u001f');

/** 'Red / S'. */
export const variantLabel = (choices: readonly OptionChoice[]) => choices.map((c) => c.value).join(' / ');

const codePart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A SKU code from the product's prefix and the variant's values: 'TOTE-RED-S'. */
export function skuCodeFor(prefix: string, choices: readonly OptionChoice[]): string {
  const code = [codePart(prefix).slice(0, 24), ...choices.map((c) => c.value)]
    .map(codePart)
    .filter(Boolean)
    .join('-')
    .slice(0, 64)
    .replace(/-+$/, '');
  return code || 'SKU';
}

export function newVariantRow(choices: OptionChoice[], prefix: string): VariantRow {
  return {
    key: combinationKey(choices),
    combination: choices,
    price: '',
    compareAtPrice: '',
    // Spec 1 §9: a new SKU starts with stock 0.
    stock: 0,
    skuCode: skuCodeFor(prefix, choices),
    image: '',
  };
}

const sameChoice = (a: OptionChoice, b: OptionChoice) =>
  normalName(a.name) === normalName(b.name) && a.value === b.value;
const covers = (outer: readonly OptionChoice[], inner: readonly OptionChoice[]) =>
  inner.every((choice) => outer.some((other) => sameChoice(choice, other)));

/**
 * The rows for the options as they are now: a combination that had a row keeps it; a new one starts from the
 * row it grew out of or shrank into (an option added or removed), else empty with a prefilled SKU code.
 */
export function syncVariants(
  options: readonly ProductOption[],
  rows: readonly VariantRow[],
  prefix: string,
): VariantRow[] {
  return combinations(options).map((choices) => {
    const key = combinationKey(choices);
    const same = rows.find((row) => row.key === key);
    if (same) return { ...same, combination: choices };
    const fresh = newVariantRow(choices, prefix);
    const near = rows.find((row) => covers(choices, row.combination) || covers(row.combination, choices));
    return near
      ? {
          ...fresh,
          price: near.price,
          compareAtPrice: near.compareAtPrice,
          stock: near.stock,
          image: near.image,
        }
      : fresh;
  });
}

const labelOf = (property: SkuProperty) =>
  property.property_value_definition_name || property.sku_property_value;
const propertiesOf = (sku: Sku) => sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? [];

/** Saved SKUs as options and rows (an option per property name, its values in the order the SKUs name them). */
export function variantsFromSkus(
  skus: readonly Sku[],
  prefix = '',
): { options: ProductOption[]; variants: VariantRow[] } {
  const options: ProductOption[] = [];
  for (const property of skus.flatMap(propertiesOf)) {
    let option = options.find((o) => o.name === property.sku_property_name);
    if (!option) {
      option = {
        name: property.sku_property_name,
        values: [],
        propertyId: property.sku_property_id,
        known: [],
      };
      options.push(option);
    }
    const label = labelOf(property);
    if (!option.values.includes(label)) {
      option.values.push(label);
      option.known?.push({ label, id: property.property_value_id, raw: property.sku_property_value });
    }
  }
  const position = (name: string) => options.findIndex((o) => o.name === name);
  const variants = skus.map((sku): VariantRow => {
    const properties = propertiesOf(sku);
    const combination = properties
      .map((p) => ({ name: p.sku_property_name, value: labelOf(p) }))
      .sort((a, b) => position(a.name) - position(b.name));
    return {
      key: combinationKey(combination),
      combination,
      price: sku.offer_sale_price,
      compareAtPrice: sku.sku_price === sku.offer_sale_price ? '' : sku.sku_price,
      stock: sku.sku_available_stock,
      skuCode: sku.sku_id,
      image: properties.find((p) => p.sku_image)?.sku_image ?? '',
      source: sku,
    };
  });
  return { options, variants: variants.length > 0 ? variants : [newVariantRow([], prefix)] };
}

type OptionIds = { id: number; values: Map<string, { id: number; raw: string }> };

/** Each option's number and its values' numbers: the saved ones, else derived from the names (never clashing). */
function optionIds(options: readonly ProductOption[]): Map<string, OptionIds> {
  const ids = new Map<string, OptionIds>();
  const taken = new Set<number>();
  for (const option of activeOptions(options)) {
    let id = option.propertyId ?? WELL_KNOWN_OPTIONS[normalName(option.name)] ?? stableId(option.name);
    while (taken.has(id)) id += 1;
    taken.add(id);
    const values = new Map<string, { id: number; raw: string }>();
    const takenValues = new Set<number>();
    for (const value of option.values) {
      const known = option.known?.find((k) => k.label === value);
      let valueId = known?.id ?? stableId(value);
      while (takenValues.has(valueId)) valueId += 1;
      takenValues.add(valueId);
      values.set(value, { id: valueId, raw: known?.raw ?? value });
    }
    ids.set(normalName(option.name), { id, values });
  }
  return ids;
}

/** The rows as the contract's SKUs, priced in `currency`; each option is a property named as typed. */
export function skusFromVariants(
  options: readonly ProductOption[],
  rows: readonly VariantRow[],
  currency: string,
): Sku[] {
  const ids = optionIds(options);
  return rows.map((row) => {
    const properties = row.combination.map((choice, index): SkuProperty => {
      const option = ids.get(normalName(choice.name));
      const value = option?.values.get(choice.value);
      return {
        sku_property_id: option?.id ?? stableId(choice.name),
        sku_property_name: choice.name,
        sku_property_value: value?.raw ?? choice.value,
        property_value_id: value?.id ?? stableId(choice.value),
        // What the storefront shows for the value.
        property_value_definition_name: choice.value,
        // The variant's picture goes with its first option, where the product page looks for it.
        ...(index === 0 && row.image ? { sku_image: row.image } : {}),
      };
    });
    const source = row.source;
    return {
      ...source,
      sku_id: row.skuCode.trim(),
      sku_attr:
        source?.sku_attr ?? properties.map((p) => `${p.sku_property_id}:${p.property_value_id}`).join(';'),
      offer_sale_price: row.price.trim(),
      sku_price: row.compareAtPrice.trim() || row.price.trim(),
      sku_available_stock: row.stock ?? 0,
      sku_bulk_order: source?.sku_bulk_order ?? 0,
      price_include_tax: source?.price_include_tax ?? false,
      limit_strategy: source?.limit_strategy ?? 'create_order_fail',
      currency_code: currency,
      ae_sku_property_dtos: { ae_sku_property_d_t_o: properties },
    };
  });
}
