import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { banner, contentAnswer } from '../../marketing/testing/marketing-fixtures';
import { listItem, listPage, listQueries, saveSettings } from '../testing/catalogue-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** Marketing & Content's hero slides, as GET /storefront/content answers them. */
function contentWithSlides(count: number) {
  const hero = Array.from({ length: count }, (_, n) =>
    banner(`slide-${n + 1}`, { title: { en: `Slide ${n + 1}` } }),
  );
  return contentAnswer({ hero });
}

function currentSlide() {
  const hero = screen.getByRole('region', { name: 'Featured' });
  return within(hero)
    .getAllByRole('group', { hidden: true })
    .find((slide) => slide.getAttribute('aria-hidden') !== 'true')
    ?.getAttribute('aria-label');
}

// Whole-app renders on a busy 2-core machine can pass the 5 s default without being wrong.
describe('home page', { timeout: 15_000 }, () => {
  it('moves the hero on every 5 seconds, and to the slide of a dot', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'GET /product/': () => listPage([]), 'GET /storefront/content': contentWithSlides(3) });
    renderApp('/');
    await screen.findByRole('region', { name: 'Featured' });

    expect(currentSlide()).toBe('1 of 3');
    act(() => vi.advanceTimersByTime(4900));
    expect(currentSlide()).toBe('1 of 3');
    act(() => vi.advanceTimersByTime(100));
    expect(currentSlide()).toBe('2 of 3');
    act(() => vi.advanceTimersByTime(5000));
    expect(currentSlide()).toBe('3 of 3');
    act(() => vi.advanceTimersByTime(5000));
    expect(currentSlide()).toBe('1 of 3');

    act(() => screen.getByRole('button', { name: 'Go to slide 3' }).click());
    expect(currentSlide()).toBe('3 of 3');
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    act(() => screen.getByRole('button', { name: 'Previous slide' }).click());
    expect(currentSlide()).toBe('2 of 3');
  });

  it('lists the top picks in the shopper currency and ship-to country, by popularity', async () => {
    const { requests } = stubApi({
      'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds' })]),
    });
    renderApp('/');

    expect(await screen.findByRole('article', { name: 'Earbuds' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    const [query] = listQueries(requests);
    expect(Object.fromEntries(query ?? [])).toEqual({
      country: 'BD',
      currency: 'USD',
      sort: 'popularity',
      page: '1',
      limit: '20',
    });
  });

  it('asks the server for the chosen sort and the searched term', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({ 'GET /product/': () => listPage([listItem('p1')]) });
    const { router } = renderApp('/');
    await screen.findByRole('article', { name: 'Product p1' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');
    await waitFor(() => expect(listQueries(requests).at(-1)?.get('sort')).toBe('price_asc'));

    await user.type(screen.getByRole('searchbox', { name: 'Search top picks' }), 'lamp{Enter}');
    await waitFor(() => expect(listQueries(requests).at(-1)?.get('q')).toBe('lamp'));
    expect(listQueries(requests).at(-1)?.get('sort')).toBe('price_asc');
    expect(router.state.location.search).toEqual({ sort: 'price_asc', q: 'lamp' });
  });

  it('filters by category and minimum rating from the Filters drawer', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({ 'GET /product/': () => listPage([listItem('p1')]) });
    renderApp('/');
    await screen.findByRole('article', { name: 'Product p1' });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('radio', { name: 'Beauty' }));
    await user.click(within(drawer).getByRole('radio', { name: '4 stars & up' }));

    await waitFor(() => {
      const last = listQueries(requests).at(-1);
      expect(last?.get('category')).toBe('Beauty');
      expect(last?.get('minRating')).toBe('4');
    });
  });

  it('loads the next page with Load More, and hides it once everything is shown', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /product/': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const items = page === 1 ? [listItem('p1'), listItem('p2')] : [listItem('p3')];
        return listPage(items, { page, limit: 2, total: 3 });
      },
    });
    renderApp('/');
    await screen.findByRole('article', { name: 'Product p2' });

    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByRole('article', { name: 'Product p3' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(listQueries(requests).map((query) => query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows skeletons while loading and the failure text when the list cannot be read', async () => {
    let fail: () => void = () => {};
    stubApi({
      'GET /product/': () =>
        new Promise((resolve) => {
          fail = () => resolve(apiError(500, 'INTERNAL_ERROR', 'Internal error.'));
        }),
    });
    renderApp('/');

    expect(await screen.findByLabelText('Loading products')).toBeInTheDocument();
    fail();
    expect(await screen.findByText('Failed to load products.')).toBeInTheDocument();
  });

  it('reprices the cards when the shopper changes currency and ship-to country', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /product/': (request) => {
        const euro = new URL(request.url).searchParams.get('currency') === 'EUR';
        const price = euro ? { currency: 'EUR', price: 17.5 } : { currency: 'USD', price: 18.99 };
        return listPage([listItem('p1', { name: 'Earbuds', ...price })]);
      },
    });
    renderApp('/');
    const card = await screen.findByRole('article', { name: 'Earbuds' });
    expect(within(card).getByText('$18.99')).toBeInTheDocument();

    await saveSettings(user, { currency: /^EUR/, shipTo: /\(DE\)/ });

    expect(await screen.findByText('€17.50')).toBeInTheDocument();
    const last = listQueries(requests).at(-1);
    expect(last?.get('currency')).toBe('EUR');
    expect(last?.get('country')).toBe('DE');
  });
});
