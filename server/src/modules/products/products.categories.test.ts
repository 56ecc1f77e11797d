import { describe, expect, it } from 'vitest';
import { brandOf, storefrontCategories } from './products.categories.ts';

describe('storefrontCategories', () => {
  it('takes the category from the marketplace category id', () => {
    expect(storefrontCategories({ title: 'TWS Earbuds', categoryId: 63705 })).toEqual(['Electronics']);
    expect(storefrontCategories({ title: 'Kanji cards', categoryId: 200001558 })).toEqual(['Books']);
    expect(storefrontCategories({ title: 'French Press', categoryId: 200003932 })).toEqual([
      'Home & Kitchen',
      'Home',
    ]);
  });

  it('adds Men and Women for fashion whose title names them as whole words', () => {
    expect(storefrontCategories({ title: "Men's Running Shoes", categoryId: 200000811 })).toEqual([
      'Fashion',
      'Men',
    ]);
    expect(storefrontCategories({ title: "Women's Summer Dress", categoryId: 200000347 })).toEqual([
      'Fashion',
      'Women',
    ]);
    expect(storefrontCategories({ title: 'Crossbody Bag For Women Men', categoryId: 152401 })).toEqual([
      'Fashion',
      'Men',
      'Women',
    ]);
  });

  it("prefers the staff member's main category, and knows nothing of unknown ids", () => {
    expect(storefrontCategories({ title: 'Tote', categoryId: 63705, mainCategory: 'fashion' })).toEqual([
      'Fashion',
    ]);
    expect(storefrontCategories({ title: 'Mug', categoryId: null, mainCategory: 'Home' })).toEqual([
      'Home & Kitchen',
      'Home',
    ]);
    expect(storefrontCategories({ title: 'Thing', categoryId: 1, mainCategory: 'Garden' })).toEqual([]);
  });
});

describe('brandOf', () => {
  it("reads the Brand Name property and treats the marketplace's placeholder as no brand", () => {
    expect(brandOf([{ attr_name: 'Brand Name', attr_value: ' UGREEN ' }])).toBe('UGREEN');
    expect(brandOf([{ attr_name: 'Brand Name', attr_value: 'NoEnName_Null' }])).toBeNull();
    expect(brandOf([{ attr_name: 'Material', attr_value: 'ABS' }])).toBeNull();
  });
});
