import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { listItem, listPage, listQueries } from '../testing/catalogue-fixtures';

// Whole-app renders on a busy 2-core machine can pass the 5 s default without being wrong.
describe('search results', { timeout: 15_000 }, () => {
  it('searches the server for the term in the address', async () => {
    const { requests } = stubApi({
      'GET /product/': () => listPage([listItem('p1', { name: 'Wireless Earbuds' })]),
    });
    renderApp('/search/earbuds');

    expect(await screen.findByRole('heading', { name: 'Search results for “earbuds”' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Wireless Earbuds' })).toBeInTheDocument();
    expect(listQueries(requests)[0]?.get('q')).toBe('earbuds');
  });

  it('treats a storefront category as the category filter, as the header menu links it', async () => {
    const { requests } = stubApi({ 'GET /product/': () => listPage([listItem('p1')]) });
    renderApp('/search/Home%20%26%20Kitchen');

    expect(await screen.findByRole('article', { name: 'Product p1' })).toBeInTheDocument();
    const [query] = listQueries(requests);
    expect(query?.get('category')).toBe('Home & Kitchen');
    expect(query?.has('q')).toBe(false);
  });

  it('offers the spec filters and sends the chosen ones to the server', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({ 'GET /product/': () => listPage([listItem('p1')]) });
    const { router } = renderApp('/search/shoes');
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });

    const values = (group: string) =>
      within(within(sidebar).getByRole('group', { name: group }))
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value'));
    expect(values('Category')).toEqual(['Men', 'Women', 'Electronics', 'Home', 'Beauty']);
    expect(values('Brand')).toEqual(['Apple', 'Samsung', 'Nike', 'Adidas', 'Sony']);
    expect(
      within(sidebar)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['5', '4', '3', '2', '1']);

    await user.click(within(sidebar).getByRole('checkbox', { name: 'Women' }));
    await user.click(within(sidebar).getByRole('checkbox', { name: 'Nike' }));
    await user.click(within(sidebar).getByRole('radio', { name: '3 stars & up' }));

    await waitFor(() =>
      expect(Object.fromEntries(listQueries(requests).at(-1) ?? [])).toEqual({
        q: 'shoes',
        country: 'BD',
        currency: 'USD',
        sort: 'popularity',
        category: 'Women',
        brand: 'Nike',
        minRating: '3',
        facets: 'true',
        page: '1',
        limit: '20',
      }),
    );
    expect(router.state.location.search).toEqual({ category: 'Women', brand: 'Nike', minRating: 3 });

    // One category at a time: ticking another replaces it, ticking it again clears it.
    await user.click(within(sidebar).getByRole('checkbox', { name: 'Men' }));
    await waitFor(() => expect(listQueries(requests).at(-1)?.get('category')).toBe('Men'));
    expect(within(sidebar).getByRole('checkbox', { name: 'Women' })).not.toBeChecked();
    await user.click(within(sidebar).getByRole('checkbox', { name: 'Men' }));
    await waitFor(() => expect(listQueries(requests).at(-1)?.has('category')).toBe(false));
  });

  it('reads the filters back from the address', async () => {
    const { requests } = stubApi({ 'GET /product/': () => listPage([]) });
    renderApp('/search/phone?brand=Apple&minRating=4');

    expect(await screen.findByRole('checkbox', { name: 'Apple' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars & up' })).toBeChecked();
    await waitFor(() => expect(listQueries(requests)[0]?.get('brand')).toBe('Apple'));
  });

  it('says when nothing matches', async () => {
    stubApi({ 'GET /product/': () => listPage([]) });
    renderApp('/search/unobtainium');
    expect(await screen.findByText('No products found for “unobtainium”.')).toBeInTheDocument();
  });

  it('shows the counts of the search for each choice and filters by price and origin through the address', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /product/': () =>
        json(200, {
          success: true,
          data: [listItem('p1', { name: 'Wireless Earbuds' })],
          meta: { page: 1, limit: 20, total: 12 },
          facets: {
            category: [
              { value: 'Electronics', count: 12 },
              // At the API's cap: at least that many.
              { value: 'Men', count: 1000 },
              { value: 'Women', count: 0 },
              { value: 'Home', count: 1 },
              { value: 'Beauty', count: 0 },
            ],
            price: [
              { min: 0, max: 1000, count: 3 },
              { min: 1000, max: 2500, count: 9 },
              { min: 2500, max: null, count: 0 },
            ],
            rating: [
              { value: 5, count: 0 },
              { value: 4, count: 7 },
              { value: 3, count: 10 },
              { value: 2, count: 12 },
              { value: 1, count: 12 },
            ],
            shipsFrom: [
              { value: 'China', count: 10 },
              { value: 'Spain', count: 2 },
            ],
          },
        }),
    });
    const { router } = renderApp('/search/earbuds');
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });

    expect(await within(sidebar).findByRole('checkbox', { name: 'Electronics (12)' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('checkbox', { name: 'Men (1,000+)' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('radio', { name: '4 stars & up (7)' })).toBeInTheDocument();
    const price = within(sidebar).getByRole('group', { name: 'Price' });
    // The server's ranges in the shopper's currency, in its format.
    expect(within(price).getAllByRole('checkbox')).toHaveLength(3);
    for (const name of ['Under $1,000.00 (3)', '$1,000.00 – $2,500.00 (9)', '$2,500.00 & up (0)'])
      expect(within(price).getByRole('checkbox', { name })).not.toBeChecked();

    await user.click(within(price).getByRole('checkbox', { name: '$1,000.00 – $2,500.00 (9)' }));
    await user.click(within(sidebar).getByRole('checkbox', { name: 'China (10)' }));
    await waitFor(() => expect(listQueries(requests).at(-1)?.get('shipsFrom')).toBe('China'));
    const last = listQueries(requests).at(-1);
    expect([last?.get('minPrice'), last?.get('maxPrice'), last?.get('facets')]).toEqual([
      '1000',
      '2500',
      'true',
    ]);
    expect(router.state.location.search).toEqual({ minPrice: 1000, maxPrice: 2500, shipsFrom: 'China' });

    // The lowest range has no floor.
    await user.click(within(price).getByRole('checkbox', { name: 'Under $1,000.00 (3)' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ maxPrice: 1000, shipsFrom: 'China' }));
  });

  it("counts and filters what the suppliers deliver to the shopper's country", async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /product/': () =>
        json(200, {
          success: true,
          data: [listItem('p1')],
          meta: { page: 1, limit: 20, total: 12 },
          facets: {
            category: [],
            price: [],
            rating: [],
            shipsFrom: [],
            deliversTo: [{ value: 'BD', count: 11 }],
          },
        }),
    });
    const { router } = renderApp('/search/earbuds');
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });
    const box = await within(sidebar).findByRole('checkbox', { name: 'Delivers to Bangladesh (11)' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(listQueries(requests).at(-1)?.get('deliversTo')).toBe('BD'));
    expect(router.state.location.search).toEqual({ deliversTo: 'BD' });
    await user.click(within(sidebar).getByRole('checkbox', { name: 'Delivers to Bangladesh (11)' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('offers the closest words when nothing matches, and runs that search', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /product/': (request) =>
        new URL(request.url).searchParams.get('q') === 'seramik mugg'
          ? json(200, {
              success: true,
              data: [],
              meta: { page: 1, limit: 20, total: 0 },
              didYouMean: 'ceramic mug',
            })
          : listPage([listItem('p1', { name: 'Ceramic Coffee Mug' })]),
    });
    const { router } = renderApp('/search/seramik%20mugg');

    expect(await screen.findByText('No products found for “seramik mugg”.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Did you mean “ceramic mug”?' }));
    expect(await screen.findByRole('article', { name: 'Ceramic Coffee Mug' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search/ceramic mug');
    expect(listQueries(requests).at(-1)?.get('q')).toBe('ceramic mug');
  });

  it('shows the failure text when the search cannot be run', async () => {
    stubApi({ 'GET /product/': () => apiError(500, 'INTERNAL_ERROR', 'Internal error.') });
    renderApp('/search/lamp');
    expect(await screen.findByText('Failed to load products.')).toBeInTheDocument();
  });
});
