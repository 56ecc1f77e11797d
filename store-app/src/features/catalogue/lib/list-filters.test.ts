import { describe, expect, it } from 'vitest';
import { parseHomeSearch, parseSearchPageFilters } from './list-filters';

describe('list filters in the URL', () => {
  it('keeps well-formed parameters, trimming the search term', () => {
    expect(
      parseHomeSearch({ q: '  earbuds ', sort: 'price_asc', category: 'Home & Kitchen', minRating: 4 }),
    ).toEqual({ q: 'earbuds', sort: 'price_asc', category: 'Home & Kitchen', minRating: 4 });
    expect(parseSearchPageFilters({ category: 'Men', brand: 'Acme', minRating: '3' })).toEqual({
      category: 'Men',
      brand: 'Acme',
      minRating: 3,
    });
  });

  it('drops what was typed wrong instead of failing, and leaves no undefined keys', () => {
    const parsed = parseHomeSearch({
      q: '   ',
      sort: 'cheapest',
      category: 'Toys',
      minRating: 7,
      page: 2,
    });
    expect(parsed).toEqual({});
    expect(Object.keys(parsed)).toEqual([]);
    expect(parseHomeSearch({ q: 'x'.repeat(201), minRating: 2.5 })).toEqual({});
    expect(parseSearchPageFilters({ brand: 42, minRating: 'four' })).toEqual({});
    expect(parseSearchPageFilters({ minPrice: '-1', maxPrice: '2.505', shipsFrom: ' ' })).toEqual({});
    expect(parseSearchPageFilters({ minPrice: '1000', maxPrice: 2500, shipsFrom: 'China' })).toEqual({
      minPrice: 1000,
      maxPrice: 2500,
      shipsFrom: 'China',
    });
  });
});
