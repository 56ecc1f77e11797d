import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { settingsStore } from '../../features/settings/settings-store';
import { languageApplied } from '../../i18n/i18n';
import { json, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';

const EARBUDS_ID = '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f';

function suggestionsAnswer(request: Request) {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  const lang = new URL(request.url).searchParams.get('lang');
  if (!q.startsWith('wir') && !q.startsWith('ইলে')) return json(200, { success: true, data: [] });
  return json(200, {
    success: true,
    data: [
      { kind: 'category', text: lang === 'bn' ? 'ইলেকট্রনিক্স' : 'Electronics', category: 'Electronics' },
      { kind: 'product', text: 'Wireless Earbuds Pro', _id: EARBUDS_ID },
    ],
  });
}

const suggestionQueries = (requests: Request[]) =>
  requests
    .filter((request) => new URL(request.url).pathname.endsWith('/product/suggestions'))
    .map((request) => new URL(request.url).searchParams);

describe('header search suggestions', { timeout: 15_000 }, () => {
  it('suggests as the shopper pauses typing, once per pause, and opens a product chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({ 'GET /product/suggestions': suggestionsAnswer });
    const { router } = renderApp('/about');

    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(box, 'x');
    // Nothing to suggest: the list stays closed.
    await waitFor(() => expect(suggestionQueries(requests).map((query) => query.get('q'))).toEqual(['x']));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.clear(box);
    await user.type(box, 'wirel');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect((await within(list).findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'ElectronicsCategory',
      'Wireless Earbuds Pro',
    ]);
    // Debounced: the quick keystrokes asked once, for what was typed when the shopper paused.
    expect(suggestionQueries(requests).map((query) => query.get('q'))).toEqual(['x', 'wirel']);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${EARBUDS_ID}`));
  });

  it("names categories in the shopper's language and opens the category's search", async () => {
    const user = userEvent.setup();
    await act(async () => {
      settingsStore.set({ ...settingsStore.get(), language: 'bn' });
      await languageApplied();
    });
    const { requests } = stubApi({
      'GET /product/suggestions': suggestionsAnswer,
      'GET /product/': () => json(200, { success: true, data: [], meta: { page: 1, limit: 20, total: 0 } }),
    });
    const { router } = renderApp('/about');

    await user.type(await screen.findByRole('combobox', { name: 'পণ্য খুঁজুন' }), 'ইলে');
    await user.click(await screen.findByRole('option', { name: /ইলেকট্রনিক্স/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/Electronics'));
    expect(suggestionQueries(requests).at(-1)?.get('lang')).toBe('bn');
  });

  it('still searches for the typed text with Enter when no suggestion is chosen', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /product/suggestions': suggestionsAnswer,
      'GET /product/': () => json(200, { success: true, data: [], meta: { page: 1, limit: 20, total: 0 } }),
    });
    const { router } = renderApp('/about');
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), 'wireless{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/wireless'));
  });
});
