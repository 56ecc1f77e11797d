import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store';
import { customerSession } from '../../../lib/session';
import { apiError, EMPTY_CONTENT, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import { DEFAULT_SETTINGS, settingsStore } from '../../settings/settings-store';
import {
  deliveryAnswer,
  deliveryOption,
  listItem,
  listPage,
  pricedIn,
  productAnswer,
  reviewsAnswer,
  saveSettings,
  shirt,
} from '../testing/catalogue-fixtures';

type Routes = Parameters<typeof stubApi>[0];

const dhl = deliveryOption('DHL', {
  company: 'DHL',
  shipping_fee_cent: '24.60',
  shipping_fee_format: 'US $24.60',
});
const post = deliveryOption('POST', {
  company: 'China Post',
  shipping_fee_cent: '3.10',
  shipping_fee_format: 'US $3.10',
});
const free = deliveryOption('CAINIAO', {
  company: 'AliExpress Standard Shipping',
  free_shipping: true,
  shipping_fee_cent: '0.00',
});

function stubProductPage(routes: Routes = {}) {
  return stubApi({
    'GET /product/shirt': () => productAnswer(shirt()),
    'POST /logistic': () => deliveryAnswer([dhl, free, post]),
    'GET /reviews/product/shirt': () => reviewsAnswer([]),
    'GET /product/': () => listPage([]),
    ...routes,
  });
}

async function openShirt() {
  renderApp('/products/shirt');
  return screen.findByRole('heading', { name: 'Cotton T-Shirt' });
}

function option(group: string, value: string) {
  return within(screen.getByRole('group', { name: group })).getByRole('button', { name: value });
}

function chosenOption() {
  return screen.getByRole('group', { name: 'Chosen delivery option' });
}

function findChosen() {
  return screen.findByRole('group', { name: 'Chosen delivery option' });
}

/** A message shown in one of the app's toasts: a Mantine notification in red (not `window.alert`). */
async function errorToast(message: string) {
  const text = await screen.findByText(message);
  const notification = text.closest<HTMLElement>('.mantine-Notification-root');
  expect(notification).not.toBeNull();
  expect(notification?.style.getPropertyValue('--notification-color')).toBe(
    'var(--mantine-color-red-filled)',
  );
  return notification;
}

function logisticBodies(requests: Request[]) {
  return Promise.all(
    requests
      .filter((request) => new URL(request.url).pathname.endsWith('/logistic'))
      .map((request) => request.json() as Promise<Record<string, unknown>>),
  );
}

// Whole-app renders on a busy 2-core machine can pass the 5 s default without being wrong.
describe('product page', { timeout: 15_000 }, () => {
  it('preselects the first SKU with an image, with its options and image', async () => {
    stubProductPage();
    await openShirt();

    expect(option('Color', 'Red')).toHaveAttribute('aria-pressed', 'true');
    expect(option('Size', 'S')).toHaveAttribute('aria-pressed', 'true');
    expect(option('Color', 'Blue')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('SKU ID: sku-red-s')).toBeInTheDocument();
    expect(screen.getByText('Stock: 30')).toBeInTheDocument();
    expect(screen.getByText('$10.00')).toBeInTheDocument();
    const picture = screen.getByRole('img', { name: 'Cotton T-Shirt' });
    expect(picture).toHaveAttribute('src', 'https://img.test/red.jpg');
    // The page's largest picture is fetched ahead of the thumbnails.
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('Offer Price')).toBeInTheDocument();
  });

  it('preselects the SKU in stock the server names, whose price the card showed', async () => {
    // Red/S has a picture but no stock; the server preselects Blue/S, the cheapest in stock.
    stubProductPage({
      'GET /product/shirt': () =>
        productAnswer(
          shirt({
            price: 12,
            priceFrom: false,
            preselectedSkuId: 'sku-blue-s',
            skus: shirt().skus.map((item) =>
              item.sku_id === 'sku-red-s' ? { ...item, sku_available_stock: 0 } : item,
            ),
          }),
        ),
    });
    await openShirt();

    expect(option('Color', 'Blue')).toHaveAttribute('aria-pressed', 'true');
    expect(option('Size', 'S')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('SKU ID: sku-blue-s')).toBeInTheDocument();
    expect(screen.getByText('Stock: 5')).toBeInTheDocument();
    expect(screen.getByText('Price in USD: $12.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('shows a swatch for a value with an image and text for the others', async () => {
    stubProductPage();
    await openShirt();

    expect(option('Color', 'Red').querySelector('img')).toHaveAttribute('src', 'https://img.test/red.jpg');
    expect(option('Color', 'Red')).not.toHaveTextContent('Red');
    expect(option('Color', 'Blue')).toHaveTextContent('Blue');
  });

  it('selects the SKU matching the chosen options, and none when no SKU has them', async () => {
    const user = userEvent.setup();
    stubProductPage();
    await openShirt();

    await user.click(option('Color', 'Blue'));
    expect(screen.getByText('SKU ID: sku-blue-s')).toBeInTheDocument();
    expect(screen.getByText('Stock: 5')).toBeInTheDocument();
    // Blue has no image of its own: the product's first image shows.
    expect(screen.getByRole('img', { name: 'Cotton T-Shirt' })).toHaveAttribute(
      'src',
      'https://img.test/shirt-main.jpg',
    );

    await user.click(option('Size', 'L'));
    expect(screen.getByText('No matching variation found. Please change options.')).toBeInTheDocument();
    expect(screen.queryByText(/^SKU ID:/)).not.toBeInTheDocument();

    await user.click(option('Color', 'Red'));
    expect(screen.getByText('SKU ID: sku-red-l')).toBeInTheDocument();
    expect(screen.queryByText('No matching variation found. Please change options.')).not.toBeInTheDocument();
  });

  it('holds the quantity between 1 and the smaller of the stock and 12', async () => {
    const user = userEvent.setup();
    stubProductPage();
    await openShirt();
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });

    await user.clear(quantity);
    await user.type(quantity, '20');
    expect(quantity).toHaveValue('12');

    await user.click(option('Color', 'Blue'));
    await user.clear(quantity);
    await user.type(quantity, '9');
    expect(quantity).toHaveValue('5');

    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(quantity).toHaveValue('1');
  });

  it("shows the headline and 'Price in' in the shopper's currency, as the server priced the SKU", async () => {
    // The server's figure for 10.01 USD at 121.5: 1216.215 rounded half up once. Nothing is converted here.
    stubProductPage({
      'GET /product/shirt': () =>
        productAnswer(pricedIn(shirt({ rate: 121.5 }), 'BDT', { 'sku-red-s': '1216.22' })),
    });
    await openShirt();

    expect(screen.getByText('BDT 1,216.22')).toBeInTheDocument();
    expect(screen.getByText('Price in BDT: BDT 1,216.22')).toBeInTheDocument();
  });

  it('asks for the product again, and reprices, when the currency changes', async () => {
    const user = userEvent.setup();
    const { requests } = stubProductPage({
      'GET /product/shirt': (request) =>
        new URL(request.url).searchParams.get('currency') === 'EUR'
          ? productAnswer(pricedIn(shirt({ rate: 0.86 }), 'EUR', { 'sku-red-s': '8.60' }))
          : productAnswer(shirt()),
    });
    await openShirt();
    expect(screen.getByText('Price in USD: $10.00')).toBeInTheDocument();

    await saveSettings(user, { currency: /^EUR/ });

    expect(await screen.findByText('Price in EUR: €8.60')).toBeInTheDocument();
    const currencies = requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname.endsWith('/api/product/shirt'))
      .map((url) => url.searchParams.get('currency'));
    expect(currencies).toEqual(['USD', 'EUR']);
    // The shopper's choice survives the repricing.
    expect(option('Color', 'Red')).toHaveAttribute('aria-pressed', 'true');
  });

  it("says the price includes the ship-to country's tax when its rule puts tax in prices", async () => {
    const user = userEvent.setup();
    stubProductPage({
      'GET /storefront/content': () =>
        json(200, {
          success: true,
          data: {
            ...EMPTY_CONTENT,
            taxRate: 10,
            taxRules: [
              { country: 'BD', rate: 15, inclusive: true, label: 'VAT' },
              { country: 'US', rate: 8.5, inclusive: false, label: 'Sales tax' },
            ],
          },
        }),
    });
    await openShirt();

    expect(await screen.findByText('incl. 15% VAT')).toBeInTheDocument();

    // Shipping to the US, tax is added at checkout: the price says nothing of it.
    await saveSettings(user, { shipTo: /\(US\)/ });
    expect(await screen.findByText('Ship to US')).toBeInTheDocument();
    expect(screen.queryByText(/^incl\./)).not.toBeInTheDocument();
  });

  it('says so when the product cannot be read', async () => {
    stubProductPage({ 'GET /product/shirt': () => apiError(404, 'NOT_FOUND', 'Product not found.') });
    renderApp('/products/shirt');
    expect(await screen.findByText('Product not found or failed to load.')).toBeInTheDocument();
  });

  it('treats a product without SKUs as not found', async () => {
    stubProductPage({ 'GET /product/shirt': () => productAnswer(shirt({ skus: [] })) });
    renderApp('/products/shirt');
    expect(await screen.findByText('Product not found or failed to load.')).toBeInTheDocument();
  });

  it('lists the item properties', async () => {
    stubProductPage();
    await openShirt();
    // The sections below the fold render once the top of the page is on screen.
    expect(await screen.findByText('Material')).toBeInTheDocument();
    expect(screen.getByText('Threadly')).toBeInTheDocument();
    expect(screen.queryByText('No item properties available.')).not.toBeInTheDocument();
  });

  it('says No item properties available. when there are none', async () => {
    stubProductPage({ 'GET /product/shirt': () => productAnswer(shirt({ property: [] })) });
    await openShirt();
    expect(await screen.findByText('No item properties available.')).toBeInTheDocument();
  });

  it('shows the reviews from the API', async () => {
    stubProductPage({
      'GET /reviews/product/shirt': () =>
        reviewsAnswer([
          {
            _id: 'r1',
            name: 'Ada',
            createdAt: '2026-11-01T10:00:00.000Z',
            rating: 4,
            comment: 'Fits well.',
            helpful: 3,
            unhelpful: 1,
          },
        ]),
    });
    await openShirt();
    const review = await screen.findByRole('article', { name: 'Review by Ada' });
    expect(within(review).getByText('Fits well.')).toBeInTheDocument();
    expect(within(review).getByText('Nov 1, 2026')).toBeInTheDocument();
  });

  it('says No reviews yet. when the product has none', async () => {
    stubProductPage();
    await openShirt();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  describe('Shipping & Purchase', () => {
    it('quotes the chosen SKU for the country and quantity, and picks the free option first', async () => {
      const { requests } = stubProductPage();
      await openShirt();

      const chosen = await screen.findByRole('group', { name: 'Chosen delivery option' });
      expect(within(chosen).getByText('Free shipping')).toBeInTheDocument();
      expect(within(chosen).getByText('AliExpress Standard Shipping, from CN')).toBeInTheDocument();
      expect(
        within(chosen).getByText('Dec 08 - Dec 19 · 10-20 days · Tracking available'),
      ).toBeInTheDocument();
      expect(await logisticBodies(requests)).toEqual([
        { product_id: '100500shirt', sku_id: 'sku-red-s', country: 'BD', quantity: 1, currency: 'USD' },
      ]);
    });

    it('picks the lowest fee when nothing ships free, and lets the shopper choose another', async () => {
      const user = userEvent.setup();
      stubProductPage({ 'POST /logistic': () => deliveryAnswer([dhl, post]) });
      await openShirt();

      const chosen = await screen.findByRole('group', { name: 'Chosen delivery option' });
      // The fee goes through the store's money formatter, not the supplier's 'US $3.10'.
      expect(within(chosen).getByText('$3.10')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Change' }));
      const modal = await screen.findByRole('dialog', { name: 'Delivery Options' });
      await user.click(within(modal).getByRole('radio', { name: /DHL/ }));

      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Delivery Options' })).not.toBeInTheDocument(),
      );
      expect(within(chosenOption()).getByText('$24.60')).toBeInTheDocument();
    });

    it('goes back to the cheapest when a new quote arrives', async () => {
      const user = userEvent.setup();
      const { requests } = stubProductPage({ 'POST /logistic': () => deliveryAnswer([dhl, post]) });
      await openShirt();
      await screen.findByRole('group', { name: 'Chosen delivery option' });

      await user.click(screen.getByRole('button', { name: 'Change' }));
      const modal = await screen.findByRole('dialog', { name: 'Delivery Options' });
      await user.click(within(modal).getByRole('radio', { name: /DHL/ }));
      expect(within(chosenOption()).getByText('$24.60')).toBeInTheDocument();
      await user.click(option('Color', 'Blue'));

      await waitFor(async () => expect((await logisticBodies(requests)).at(-1)?.sku_id).toBe('sku-blue-s'));
      await waitFor(() => expect(within(chosenOption()).getByText('$3.10')).toBeInTheDocument());
    });

    it('says No delivery options found for your location. when nothing ships there', async () => {
      stubProductPage({ 'POST /logistic': () => deliveryAnswer([]) });
      await openShirt();
      expect(await screen.findByText('No delivery options found for your location.')).toBeInTheDocument();
    });

    it('shows no options when the quote fails', async () => {
      stubProductPage({
        'POST /logistic': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Marketplace unavailable.'),
      });
      await openShirt();
      expect(await screen.findByText('No delivery options found for your location.')).toBeInTheDocument();
    });

    it('adds the chosen SKU and quantity to the cart, with a toast', async () => {
      const user = userEvent.setup();
      stubProductPage();
      await openShirt();
      await screen.findByRole('group', { name: 'Chosen delivery option' });
      const quantity = screen.getByRole('textbox', { name: 'Quantity' });
      await user.clear(quantity);
      await user.type(quantity, '3');

      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

      expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
      expect(cartStore.get().items).toEqual([
        {
          id: 'shirt',
          name: 'Cotton T-Shirt',
          price: 10,
          quantity: 3,
          image: 'https://img.test/red.jpg',
          sku_id: 'sku-red-s',
          currency: 'USD',
          // The delivery service shown (the cheapest, preselected) is the one checkout charges.
          logistics_service_name: 'AliExpress Standard Shipping',
        },
      ]);
    });

    it('says the cheapest service is charged, and keeps the service the shopper chose on the cart line', async () => {
      const user = userEvent.setup();
      stubProductPage({ 'POST /logistic': () => deliveryAnswer([dhl, post]) });
      await openShirt();

      const purchase = within(screen.getByRole('region', { name: 'Shipping & Purchase' }));
      expect(
        await purchase.findByText('The cheapest service is charged unless you choose another.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Change' }));
      const modal = await screen.findByRole('dialog', { name: 'Delivery Options' });
      await user.click(within(modal).getByRole('radio', { name: /DHL/ }));
      await waitFor(() => expect(within(chosenOption()).getByText('$24.60')).toBeInTheDocument());
      expect(
        purchase.queryByText('The cheapest service is charged unless you choose another.'),
      ).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
      expect(cartStore.get().items).toMatchObject([{ sku_id: 'sku-red-s', logistics_service_name: 'DHL' }]);
    });

    it("shows the fee checkout charges in the shopper's currency, never the supplier's own text", async () => {
      settingsStore.set({ ...DEFAULT_SETTINGS, currency: 'BDT' });
      const { requests } = stubProductPage({
        'GET /product/shirt': () => productAnswer(pricedIn(shirt(), 'BDT', { 'sku-red-s': '1215.00' })),
        'POST /logistic': () =>
          deliveryAnswer([
            deliveryOption('DHL', {
              company: 'DHL',
              shipping_fee_cent: '2989.00',
              shipping_fee_currency: 'BDT',
              shipping_fee_format: 'US $24.60',
            }),
          ]),
      });
      await openShirt();

      expect(await within(await findChosen()).findByText('BDT 2,989.00')).toBeInTheDocument();
      expect(screen.queryByText(/US \$24\.60/)).not.toBeInTheDocument();
      expect((await logisticBodies(requests))[0]).toMatchObject({ currency: 'BDT' });
    });

    it('refuses to add an option out of stock, or no option at all, in a toast rather than an alert', async () => {
      const user = userEvent.setup();
      const alert = vi.fn();
      vi.stubGlobal('alert', alert);
      stubProductPage();
      await openShirt();

      await user.click(option('Size', 'L'));
      expect(screen.getByText('Stock: 0')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      await errorToast(
        'Cannot add to cart: Please select a valid option and ensure quantity is positive and in stock.',
      );
      await user.click(option('Color', 'Blue'));
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

      expect(alert).not.toHaveBeenCalled();
      expect(cartStore.get().items).toEqual([]);
    });

    it('orders now: to checkout with the item, or the alert when the option is out of stock', async () => {
      const user = userEvent.setup();
      const alert = vi.fn();
      vi.stubGlobal('alert', alert);
      stubProductPage();
      customerSession.signIn(customerToken());
      const { router } = renderApp('/products/shirt');
      await screen.findByRole('heading', { name: 'Cotton T-Shirt' });

      await user.click(option('Size', 'L'));
      await user.click(screen.getByRole('button', { name: 'Order Now' }));
      await errorToast(
        "Please select a product option and ensure it's in stock with a valid quantity before ordering.",
      );
      expect(alert).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/products/shirt');

      await user.click(option('Size', 'S'));
      await user.click(screen.getByRole('button', { name: 'Order Now' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
      expect(cartStore.get().checkoutItems).toMatchObject([
        { id: 'shirt', sku_id: 'sku-red-s', quantity: 1 },
      ]);
    });
  });

  it('offers products of the same category, each linking to its page, and more in the search', async () => {
    // The category every shopper's answer carries (no staff labels needed).
    const { requests } = stubProductPage({
      'GET /product/shirt': () => productAnswer(shirt({ category: 'Fashion' })),
      'GET /product/': () => listPage([listItem('shirt'), listItem('p7', { name: 'Linen Shirt' })]),
    });
    await openShirt();

    const similar = await screen.findByRole('region', { name: 'Similar Products' });
    expect(await within(similar).findByRole('link', { name: /Linen Shirt/ })).toHaveAttribute(
      'href',
      '/products/p7',
    );
    expect(within(similar).queryByText('Product shirt')).not.toBeInTheDocument();
    expect(within(similar).getByRole('link', { name: 'Load More' })).toHaveAttribute(
      'href',
      '/search/Fashion',
    );
    const list = requests.find((request) => new URL(request.url).pathname.endsWith('/product/'));
    expect(new URL(list?.url ?? '').searchParams.get('category')).toBe('Fashion');
  });

  it('leaves Similar Products out when the product has no storefront category', async () => {
    const { requests } = stubProductPage();
    await openShirt();
    await screen.findByText('No reviews yet.');

    expect(screen.queryByRole('region', { name: 'Similar Products' })).not.toBeInTheDocument();
    expect(requests.some((request) => new URL(request.url).pathname.endsWith('/product/'))).toBe(false);
  });

  it('asks to copy the URL in its own dialog when the browser cannot share', async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    stubProductPage();
    await openShirt();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share' }));
    expect(dialog.getByText(/Please copy the URL/)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Product address' })).toHaveValue(window.location.href);

    await user.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(await dialog.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
    expect(alert).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share' })).not.toBeInTheDocument());
  });

  it('shares through the browser where it can, without the dialog', async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'share');
    });
    stubProductPage();
    await openShirt();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Cotton T-Shirt', url: window.location.href });
    expect(screen.queryByRole('dialog', { name: 'Share' })).not.toBeInTheDocument();
  });
});
