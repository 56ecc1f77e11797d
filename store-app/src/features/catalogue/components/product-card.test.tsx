import { createBrowserHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/app';
import { createAppQueryClient } from '../../../app/query-client';
import { createAppRouter } from '../../../app/router';
import { languageApplied } from '../../../i18n/i18n';
import { cartStore } from '../../../lib/cart-store';
import { customerSession } from '../../../lib/session';
import { stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import { settingsStore } from '../../settings/settings-store';
import { listItem, listPage, pricedIn, productAnswer, shirt, sku } from '../testing/catalogue-fixtures';

async function findCard(name: string) {
  return screen.findByRole('article', { name });
}

// Whole-app renders on a busy 2-core machine can pass the 5 s default without being wrong.
describe('product card', { timeout: 15_000 }, () => {
  it('shows SALE, the price with its currency and the struck-through SKU price', async () => {
    stubApi({
      'GET /product/': () =>
        listPage([
          listItem('p1', { name: 'Earbuds', price: 18.99, originalPrice: 29.99, sku: { sku_price: 29.99 } }),
          listItem('p2', { name: 'Lamp', price: 24.5 }),
        ]),
    });
    renderApp('/');

    const earbuds = await findCard('Earbuds');
    expect(within(earbuds).getByText('SALE')).toBeInTheDocument();
    expect(within(earbuds).getByText('$18.99')).toBeInTheDocument();
    expect(within(earbuds).getByText('$29.99').tagName).toBe('S');
    expect(within(await findCard('Lamp')).queryByText('SALE')).not.toBeInTheDocument();
  });

  it('shows the price in BDT exactly as the server priced it (what the order charges)', async () => {
    stubApi({
      'GET /product/': () =>
        listPage([
          listItem('p1', { name: 'Earbuds', price: 1216.22, currency: 'BDT', sku: { sku_price: 1822.5 } }),
        ]),
    });
    renderApp('/');

    const card = await findCard('Earbuds');
    expect(within(card).getByText('BDT 1,216.22')).toBeInTheDocument();
    expect(within(card).getByText('BDT 1,822.50').tagName).toBe('S');
  });

  it('says "from" when the SKUs in stock differ in price, in the shopper language', async () => {
    stubApi({
      'GET /product/': () =>
        listPage([
          listItem('p1', { name: 'Gloves', price: 3.86, priceFrom: true }),
          listItem('p2', { name: 'Mug', price: 8, priceFrom: false }),
        ]),
    });
    renderApp('/');

    expect(within(await findCard('Gloves')).getByText('From $3.86')).toBeInTheDocument();
    expect(within(await findCard('Mug')).getByText('$8.00')).toBeInTheDocument();
    expect(within(await findCard('Mug')).queryByText(/From/)).not.toBeInTheDocument();

    await act(async () => {
      settingsStore.set({ ...settingsStore.get(), language: 'es' });
      await languageApplied();
    });
    expect(await within(await findCard('Gloves')).findByText(/^Desde 3,86/)).toBeInTheDocument();
  });

  it('buys the SKU the product page preselects, at the price the card showed', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds', price: 11, priceFrom: true })]),
      'GET /product/p1': () =>
        productAnswer(
          shirt({
            _id: 'p1',
            name: 'Earbuds',
            preselectedSkuId: 'sku-red-l',
            skus: [
              sku('sku-blue-s', { stock: 5, price: '12.00' }),
              sku('sku-red-s', { stock: 0, price: '10.00' }),
              sku('sku-red-l', { stock: 3, price: '11.00' }),
            ],
          }),
        ),
    });
    renderApp('/');

    await user.click(within(await findCard('Earbuds')).getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
    expect(cartStore.get().items).toMatchObject([{ id: 'p1', sku_id: 'sku-red-l', price: 11 }]);
  });

  it('covers an out-of-stock product with OUT OF STOCK, in grey, and offers no purchase', async () => {
    stubApi({ 'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds', availableStock: 0 })]) });
    renderApp('/');

    const card = await findCard('Earbuds');
    expect(within(card).getByText('OUT OF STOCK')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Earbuds', hidden: true })).toHaveStyle({
      filter: 'grayscale(1)',
    });
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it('moves through the images with the arrows and the dots', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds' })]) });
    renderApp('/');

    const card = await findCard('Earbuds');
    const image = within(card).getByRole('img', { name: 'Earbuds', hidden: true });
    expect(image).toHaveAttribute('src', 'https://img.test/p1-1.jpg');
    await user.click(within(card).getByRole('button', { name: 'Next image' }));
    expect(image).toHaveAttribute('src', 'https://img.test/p1-2.jpg');
    await user.click(within(card).getByRole('button', { name: 'Show image 1' }));
    expect(image).toHaveAttribute('src', 'https://img.test/p1-1.jpg');
    await user.click(within(card).getByRole('button', { name: 'Previous image' }));
    expect(image).toHaveAttribute('src', 'https://img.test/p1-2.jpg');
  });

  it('links to the path address of the product page, in a new tab', async () => {
    stubApi({ 'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds' })]) });
    // The browser's router: browser history, as main.tsx builds it.
    customerSession.restore();
    const queryClient = createAppQueryClient(customerSession);
    const router = createAppRouter(createBrowserHistory(), { queryClient, session: customerSession });
    render(<App router={router} queryClient={queryClient} env="test" />);

    const link = within(await findCard('Earbuds')).getByRole('link', { name: 'Earbuds' });
    expect(link).toHaveAttribute('href', '/products/p1');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('adds the first SKU in stock to the cart, priced in the shopper currency, with a toast', async () => {
    const user = userEvent.setup();
    const product = pricedIn(shirt({ _id: 'p1', name: 'Earbuds' }), 'BDT', { 'sku-blue-s': '1458.00' });
    const { requests } = stubApi({
      'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds' })]),
      'GET /product/p1': () => productAnswer(product),
    });
    renderApp('/');

    await user.click(within(await findCard('Earbuds')).getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
    expect(cartStore.get().items).toEqual([
      {
        id: 'p1',
        name: 'Earbuds',
        price: 1458,
        quantity: 1,
        image: 'https://img.test/shirt-main.jpg',
        sku_id: 'sku-blue-s',
        currency: 'BDT',
      },
    ]);
    const detail = requests.find((request) => new URL(request.url).pathname.endsWith('/product/p1'));
    expect(new URL(detail?.url ?? '').searchParams.get('country')).toBe('BD');
  });

  it('refuses to add a product none of whose SKUs is in stock, in a toast rather than an alert', async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    stubApi({
      'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds' })]),
      'GET /product/p1': () => productAnswer(shirt({ _id: 'p1', skus: [sku('s1', { stock: 0 })] })),
    });
    renderApp('/');

    await user.click(within(await findCard('Earbuds')).getByRole('button', { name: 'Add to Cart' }));

    expect(
      await screen.findByText(
        'Cannot add to cart: Please select a valid option and ensure quantity is positive and in stock.',
      ),
    ).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(cartStore.get().items).toEqual([]);
  });

  it('buys now: the item goes to checkout alone, and the cart is left as it was', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /product/': () => listPage([listItem('p1', { name: 'Earbuds' })]),
      'GET /product/p1': () => productAnswer(shirt({ _id: 'p1', name: 'Earbuds' })),
    });
    customerSession.signIn(customerToken());
    const { router } = renderApp('/');

    await user.click(within(await findCard('Earbuds')).getByRole('button', { name: 'Buy Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(cartStore.get().checkoutItems).toMatchObject([{ id: 'p1', sku_id: 'sku-blue-s', quantity: 1 }]);
    expect(cartStore.get().items).toEqual([]);
  });
});
