import { describe, expect, it } from 'vitest';
import { shirt, sku } from '../testing/catalogue-fixtures';
import { clampQuantity, groupOptions, matchSku, optionsOf, preselectSku } from './sku-options';

const { skus } = shirt();

describe('SKU options', () => {
  it('groups the values by property name, with the image a value has on any SKU', () => {
    expect(groupOptions(skus)).toEqual([
      {
        name: 'Color',
        values: [
          { key: '29:Blue', label: 'Blue', image: null },
          { key: '10:Red', label: 'Red', image: 'https://img.test/red.jpg' },
        ],
      },
      {
        name: 'Size',
        values: [
          { key: '100:S', label: 'S', image: null },
          { key: '200:L', label: 'L', image: null },
        ],
      },
    ]);
  });

  it('preselects the first SKU with an image, else the first SKU', () => {
    expect(preselectSku(skus)?.sku_id).toBe('sku-red-s');
    expect(preselectSku([sku('a', { size: [1, 'S'] }), sku('b', { size: [2, 'M'] })])?.sku_id).toBe('a');
  });

  it('finds the SKU matching every chosen option, and none for a combination that does not exist', () => {
    const redL = { ...optionsOf(skus[1]), Size: '200:L' };
    expect(matchSku(skus, redL)?.sku_id).toBe('sku-red-l');
    expect(matchSku(skus, { Color: '29:Blue', Size: '200:L' })).toBeUndefined();
  });

  it('clamps the quantity between 1 and the smaller of stock and 12', () => {
    expect(clampQuantity(20, 5)).toBe(5);
    expect(clampQuantity(20, 400)).toBe(12);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(7, 400)).toBe(7);
  });
});
