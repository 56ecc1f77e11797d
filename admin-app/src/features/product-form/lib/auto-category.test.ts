import { describe, expect, it } from 'vitest';
import { categoryFromTitle } from './auto-category';

describe('categoryFromTitle', () => {
  it.each([
    ['TWS Wireless Earbuds Bluetooth 5.3 with Charging Case', 'Electronics'],
    ['Shop Originals Canvas Tote Bag', 'Fashion'],
    ['Stainless Steel Kitchen Knives Set with Storage Block', 'Home & Kitchen'],
    ['Hydrating Face Serum and Night Cream', 'Beauty'],
    ['The Art of Cooking, Hardcover Edition', 'Books'],
  ])('puts "%s" in %s', (title, category) => {
    expect(categoryFromTitle(title)).toBe(category);
  });

  it('matches whole words only and answers null when nothing matches', () => {
    expect(categoryFromTitle('Capybara plush toy')).toBeNull();
    expect(categoryFromTitle('')).toBeNull();
  });
});
