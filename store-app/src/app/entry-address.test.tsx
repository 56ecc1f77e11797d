import { createBrowserHistory } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listItem, listPage, listQueries } from '../features/catalogue/testing/catalogue-fixtures';
import { settingsStore } from '../features/settings/settings-store';
import { languageApplied } from '../i18n/i18n';
import { customerSession } from '../lib/session';
import { stubApi } from '../test/network';
import { renderApp } from '../test/render-app';
import { App } from './app';
import { followHashLinks, languageOfAddress, pathOfHashLink, settleEntryAddress } from './entry-address';
import { createAppQueryClient } from './query-client';
import { createAppRouter } from './router';

let stopFollowing = () => {};

/** The store as main.tsx starts it: the address settled, then a router on the browser's own history. */
function startAt(address: string) {
  window.history.replaceState(null, '', address);
  settleEntryAddress(window);
  customerSession.restore();
  const queryClient = createAppQueryClient(customerSession);
  const history = createBrowserHistory();
  stopFollowing = followHashLinks(window, history);
  const router = createAppRouter(history, { queryClient, session: customerSession });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

describe('addresses the store is opened at', () => {
  afterEach(() => {
    stopFollowing();
    window.history.replaceState(null, '', '/');
  });

  it('reads a hash link as its path, and leaves in-page anchors and paths alone', () => {
    expect(pathOfHashLink('#/products/42?country=BD')).toBe('/products/42?country=BD');
    expect(pathOfHashLink('#/')).toBe('/');
    expect(pathOfHashLink('#reviews')).toBeNull();
    expect(pathOfHashLink('')).toBeNull();
  });

  it('opens the screen an old hash link names, at its path, without a new history entry', async () => {
    const entries = window.history.length;
    const router = startAt('/#/about?from=mail');

    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/about');
    expect(window.location.search).toBe('?from=mail');
    expect(window.location.hash).toBe('');
    expect(window.history.length).toBe(entries);
    expect(router.state.location.pathname).toBe('/about');
  });

  it('follows a hash link opened while the store is already open, which loads no page', async () => {
    const router = startAt('/about');
    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();

    window.location.hash = '#/cart';
    expect(await screen.findByRole('heading', { name: /shopping cart/i, level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/cart');
    expect(window.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('links between screens by path', async () => {
    startAt('/about');

    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();
    // The header's home link and category menu: real paths a crawler can follow.
    expect(screen.getAllByRole('link', { name: /home/i })[0]).toHaveAttribute('href', '/');
  });

  it('opens a category at its own address, as search engines list it, and no category at an unknown one', async () => {
    const { requests } = stubApi({ 'GET /product/': () => listPage([listItem('p1')]) });
    renderApp('/category/home-kitchen');

    expect(await screen.findByRole('article', { name: 'Product p1' })).toBeInTheDocument();
    expect(listQueries(requests)[0]?.get('category')).toBe('Home & Kitchen');
    cleanup();
    renderApp('/category/gadgets');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows a page opened in a language in that language, as the shopper’s choice', async () => {
    expect(languageOfAddress('?lang=es')).toBe('es');
    expect(languageOfAddress('?lang=fr')).toBeNull();
    startAt('/#/about?lang=bn');
    await languageApplied();

    expect(settingsStore.get().language).toBe('bn');
    expect(window.location.pathname).toBe('/about');
    expect(await screen.findByRole('heading', { name: 'আমাদের সম্পর্কে', level: 1 })).toBeInTheDocument();
  });
});
