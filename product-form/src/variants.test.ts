import type { Schemas } from '@shop/sdk/types';
import { describe, expect, it } from 'vitest';
import {
  combinations,
  newVariantRow,
  type ProductOption,
  skuCodeFor,
  skusFromVariants,
  stableId,
  syncVariants,
  type VariantRow,
  variantsFromSkus,
} from './variants';
import { variantsSchema } from './variants.schema';

const colorAndSize: ProductOption[] = [
  { name: 'Color', values: ['Red', 'Blue'] },
  { name: 'Size', values: ['S', 'M'] },
];

const labels = (rows: VariantRow[]) => rows.map((row) => row.combination.map((c) => c.value).join('/'));

describe('combinations', () => {
  it('makes one combination per pair of values, in option order, and ignores unnamed or empty options', () => {
    const combos = combinations([...colorAndSize, { name: '', values: ['x'] }, { name: 'Fit', values: [] }]);
    expect(combos.map((c) => c.map((choice) => `${choice.name}:${choice.value}`).join(','))).toEqual([
      'Color:Red,Size:S',
      'Color:Red,Size:M',
      'Color:Blue,Size:S',
      'Color:Blue,Size:M',
    ]);
    expect(combinations([])).toEqual([[]]);
  });
});

describe('syncVariants', () => {
  it('prefills SKU codes from the prefix and the values', () => {
    const rows = syncVariants(colorAndSize, [], 'Canvas Tote');
    expect(labels(rows)).toEqual(['Red/S', 'Red/M', 'Blue/S', 'Blue/M']);
    expect(rows.map((row) => row.skuCode)).toEqual([
      'CANVAS-TOTE-RED-S',
      'CANVAS-TOTE-RED-M',
      'CANVAS-TOTE-BLUE-S',
      'CANVAS-TOTE-BLUE-M',
    ]);
    expect(rows.every((row) => row.price === '' && row.stock === 0)).toBe(true);
  });

  it('keeps what was typed when a value is added, and drops the rows of a removed value', () => {
    const typed = syncVariants(colorAndSize, [], '').map((row, index) => ({
      ...row,
      price: `1${index}.00`,
      skuCode: `CODE-${index}`,
    }));
    const withGreen = syncVariants(
      [{ name: 'Color', values: ['Red', 'Blue', 'Green'] }, colorAndSize[1] as ProductOption],
      typed,
      '',
    );
    expect(labels(withGreen)).toEqual(['Red/S', 'Red/M', 'Blue/S', 'Blue/M', 'Green/S', 'Green/M']);
    expect(withGreen.slice(0, 4).map((row) => [row.price, row.skuCode])).toEqual([
      ['10.00', 'CODE-0'],
      ['11.00', 'CODE-1'],
      ['12.00', 'CODE-2'],
      ['13.00', 'CODE-3'],
    ]);
    expect(withGreen[4]).toMatchObject({ price: '', skuCode: 'GREEN-S' });

    const withoutRed = syncVariants(
      [{ name: 'Color', values: ['Blue'] }, colorAndSize[1] as ProductOption],
      typed,
      '',
    );
    expect(labels(withoutRed)).toEqual(['Blue/S', 'Blue/M']);
    expect(withoutRed.map((row) => row.price)).toEqual(['12.00', '13.00']);
  });

  it('carries a row into the combinations it grows into when an option is added, and back when it goes', () => {
    const single = [{ ...newVariantRow([], ''), price: '9.99', stock: 5 }];
    const sized = syncVariants([{ name: 'Size', values: ['S', 'M'] }], single, '');
    expect(sized.map((row) => [row.price, row.stock])).toEqual([
      ['9.99', 5],
      ['9.99', 5],
    ]);
    const back = syncVariants([], sized, '');
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ combination: [], price: '9.99', stock: 5 });
  });

  it('keeps the rows when an option is renamed', () => {
    const rows = syncVariants([{ name: 'Colour', values: ['Red'] }], [], '').map((row) => ({
      ...row,
      price: '5',
    }));
    const renamed = syncVariants([{ name: 'Color', values: ['Red'] }], rows, '');
    expect(renamed[0]).toMatchObject({ price: '5', combination: [{ name: 'Color', value: 'Red' }] });
  });
});

describe('skusFromVariants', () => {
  it('names each option and value as typed, with stable numbers, prices as text and the picture on the first option', () => {
    const rows = syncVariants(colorAndSize, [], 'Tee').map((row, index) => ({
      ...row,
      price: '10.00',
      compareAtPrice: index === 0 ? '12.50' : '',
      stock: index,
      image: index === 0 ? 'https://cdn.test/red.jpg' : '',
    }));
    const skus = skusFromVariants(colorAndSize, rows, 'EUR');
    expect(skus).toHaveLength(4);
    expect(skus[0]).toMatchObject({
      sku_id: 'TEE-RED-S',
      offer_sale_price: '10.00',
      sku_price: '12.50',
      sku_available_stock: 0,
      currency_code: 'EUR',
      sku_bulk_order: 0,
      price_include_tax: false,
      limit_strategy: 'create_order_fail',
    });
    expect(skus[1]?.sku_price).toBe('10.00');
    const [color, size] = skus[0]?.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? [];
    expect(color).toEqual({
      sku_property_id: 14,
      sku_property_name: 'Color',
      sku_property_value: 'Red',
      property_value_id: stableId('Red'),
      property_value_definition_name: 'Red',
      sku_image: 'https://cdn.test/red.jpg',
    });
    expect(size).toEqual({
      sku_property_id: 5,
      sku_property_name: 'Size',
      sku_property_value: 'S',
      property_value_id: stableId('S'),
      property_value_definition_name: 'S',
    });
    expect(skus[0]?.sku_attr).toBe(`14:${stableId('Red')};5:${stableId('S')}`);
    // The same option name always gets the same number; other names get their own.
    const material = skusFromVariants(
      [{ name: 'Material', values: ['Cotton'] }],
      syncVariants([{ name: 'Material', values: ['Cotton'] }], [], ''),
      'USD',
    );
    expect(material[0]?.ae_sku_property_dtos?.ae_sku_property_d_t_o[0]?.sku_property_id).toBe(
      stableId('material'),
    );
    expect(stableId('Material')).toBe(stableId(' material '));
    expect(stableId('Material')).toBeGreaterThanOrEqual(1_000_000_000);
    expect(stableId('Material')).toBeLessThanOrEqual(2_147_483_647);
  });

  it('gives a saved product back the SKUs it was loaded from', () => {
    const saved: Schemas['Sku'][] = [
      {
        sku_id: '9000000300101',
        sku_attr: '14:193#Natural',
        offer_sale_price: '14.99',
        sku_price: '19.99',
        offer_bulk_sale_price: '13.99',
        sku_available_stock: 40,
        sku_bulk_order: 5,
        price_include_tax: true,
        limit_strategy: 'create_order_fail',
        currency_code: 'USD',
        ae_sku_property_dtos: {
          ae_sku_property_d_t_o: [
            {
              sku_property_id: 14,
              sku_property_name: 'Color',
              sku_property_value: 'natural',
              property_value_id: 193,
              property_value_definition_name: 'Natural',
              sku_image: 'https://cdn.test/natural.jpg',
            },
          ],
        },
      },
    ];
    const { options, variants } = variantsFromSkus(saved);
    expect(options).toEqual([
      {
        name: 'Color',
        values: ['Natural'],
        propertyId: 14,
        known: [{ label: 'Natural', id: 193, raw: 'natural' }],
      },
    ]);
    expect(variants[0]).toMatchObject({
      price: '14.99',
      compareAtPrice: '19.99',
      stock: 40,
      skuCode: '9000000300101',
    });
    expect(skusFromVariants(options, variants, 'USD')).toEqual(saved);
  });

  it('reads a product without SKUs as one empty variant', () => {
    expect(variantsFromSkus([], 'Mug').variants).toEqual([newVariantRow([], 'Mug')]);
    expect(skuCodeFor('Mug', [])).toBe('MUG');
  });
});

describe('variantsSchema', () => {
  const row = (overrides: Partial<VariantRow> = {}): VariantRow => ({
    ...newVariantRow([], ''),
    price: '5',
    ...overrides,
  });

  it('asks for a name for values and values for a name, and one name per option', () => {
    const result = variantsSchema.safeParse({
      options: [
        { name: '', values: ['Red'] },
        { name: 'Size', values: [] },
        { name: 'Fit', values: ['Slim'] },
        { name: 'fit', values: ['Loose'] },
      ],
      variants: [row()],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['options.0.name', 'Name this option (e.g. Color).'],
        ['options.1.values', 'Add at least one value for Size.'],
        ['options.3.name', 'Each option needs its own name.'],
      ]),
    );
  });

  it('checks prices, stock and SKU codes', () => {
    const result = variantsSchema.safeParse({
      options: [],
      variants: [
        row({ price: '', skuCode: 'A' }),
        row({ price: '1.999', compareAtPrice: '0.5', skuCode: 'a', stock: undefined }),
      ],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['variants.0.price', 'Price is required.'],
        ['variants.1.price', 'Price must be a price with at most two decimals, e.g. 18.99.'],
        ['variants.1.stock', 'Stock is required.'],
      ]),
    );
    const codes = variantsSchema.safeParse({
      options: [],
      variants: [row({ skuCode: 'A' }), row({ skuCode: 'a', price: '2', compareAtPrice: '1' })],
    });
    expect(codes.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['variants.1.compareAtPrice', 'Compare-at Price cannot be lower than the Price.'],
        ['variants.1.skuCode', 'SKU codes must be unique.'],
      ]),
    );
  });

  it('refuses options that make more than 100 variants', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    const result = variantsSchema.safeParse({
      options: [
        { name: 'A', values: values(11) },
        { name: 'B', values: values(10) },
      ],
      variants: [row()],
    });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'These options make 110 variants; a product can have at most 100.',
    );
  });
});
