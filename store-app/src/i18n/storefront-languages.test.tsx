import type { RequestBody } from '@shop/sdk/types';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Language } from '../features/settings/settings-options';
import { DEFAULT_SETTINGS, settingsStore } from '../features/settings/settings-store';
import { addToCart, setCheckoutItems } from '../lib/cart-store';
import { customerSession } from '../lib/session';
import { json, stubApi } from '../test/network';
import { renderApp } from '../test/render-app';
import { customerToken } from '../test/tokens';
import { languageApplied } from './i18n';

const earbuds = {
  id: 'p1',
  name: 'Earbuds',
  price: 19.99,
  image: 'earbuds.jpg',
  sku_id: 's1',
  currency: 'USD',
};

/** POST /order/quote priced at the line's own price, as the server would in USD. */
function stubQuote() {
  return stubApi({
    'POST /order/quote': async (request) => {
      const body = (await request.json()) as RequestBody<'quoteOrder'>;
      const items = body.items.map((item) => ({
        ...item,
        name: 'Earbuds',
        price: 19.99,
        lineTotal: 19.99 * item.quantity,
        image: null,
      }));
      return json(200, {
        success: true,
        data: {
          currency: 'USD',
          items,
          itemsPrice: 39.98,
          shippingPrice: 10,
          taxPrice: 4,
          totalPrice: 53.98,
        },
      });
    },
    'GET /payment-methods': () =>
      json(200, {
        success: true,
        data: ['Credit Card', 'PayPal', 'Bank Transfer'].map((method) => ({
          method,
          fee: 0,
          currency: 'USD',
          maxOrder: null,
          onProviderPage: false,
        })),
      }),
  });
}

/** What the settings modal does: the language is stored, and the page follows once its texts have loaded. */
async function chooseLanguage(language: Language) {
  await act(async () => {
    settingsStore.set({ ...settingsStore.get(), language });
    await languageApplied();
  });
}

describe('the storefront in Spanish', () => {
  it('shows the cart in Spanish, with money in Spanish notation', async () => {
    stubQuote();
    addToCart({ ...earbuds, quantity: 2 });
    await chooseLanguage('es');
    renderApp('/cart');

    expect(await screen.findByRole('heading', { name: 'Carrito de compra' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    const line = within(screen.getByRole('list', { name: 'Artículos del carrito' })).getByRole('listitem');
    expect(await within(line).findByText('19,99 US$ por unidad')).toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'Reducir la cantidad de Earbuds' })).toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'Aumentar la cantidad de Earbuds' })).toBeInTheDocument();
    // The summary is the quote's: the items, their shipping and tax, as the order would charge them.
    const region = screen.getByRole('region', { name: 'Resumen' });
    const summary = within(region);
    expect(region).toHaveTextContent('Envío10,00 US$');
    expect(region).toHaveTextContent('Impuestos4,00 US$');
    expect(region).toHaveTextContent('Total53,98 US$');
    expect(summary.getByRole('button', { name: 'Tramitar pedido' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carrito, 2 artículos' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByText('Enviamos a más de 40 países.'),
    ).toBeInTheDocument();
  });

  it('switches the page at once when the language is changed, and back', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();

    await chooseLanguage('es');
    expect(await screen.findByRole('heading', { name: 'Destacados' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Categorías' })).toHaveTextContent('Hogar y cocina');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');

    await chooseLanguage('en');
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('translates the checkout form’s messages, and re-translates them when the language changes', async () => {
    const user = userEvent.setup();
    stubQuote();
    setCheckoutItems([{ ...earbuds, quantity: 2 }]);
    customerSession.signIn(customerToken());
    await chooseLanguage('es');
    renderApp('/checkout');

    await user.click(await screen.findByRole('button', { name: 'Realizar pedido' }));
    expect(await screen.findByText('El nombre completo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Elige un método de pago.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'País' })).toHaveValue('Bangladés');
    expect(await screen.findByText('53,98 US$')).toBeInTheDocument();

    await chooseLanguage('bn');
    expect(await screen.findByText('পুরো নাম লিখুন।')).toBeInTheDocument();
    expect(screen.queryByText('El nombre completo es obligatorio.')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'দেশ' })).toHaveValue('বাংলাদেশ');
  });
});

describe('the storefront in Bengali', () => {
  it('shows the cart in Bengali, with Bengali digits in money and counts', async () => {
    stubQuote();
    addToCart({ ...earbuds, quantity: 2 });
    settingsStore.set({ ...DEFAULT_SETTINGS, language: 'bn' });
    await languageApplied();
    renderApp('/cart');

    expect(await screen.findByRole('heading', { name: 'শপিং কার্ট' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    const summary = within(screen.getByRole('region', { name: 'সারসংক্ষেপ' }));
    expect(await summary.findByText('৩৯.৯৮ US$')).toBeInTheDocument();
    expect(summary.getByText('২')).toBeInTheDocument();
    expect(summary.getByRole('button', { name: 'চেকআউটে যান' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'সব বাছাই করুন' })).toBeChecked();
  });

  it('shows the Dispute Center in Bengali', async () => {
    stubApi({
      'GET /dispute/stats': () => json(200, { success: true, data: { total: 3, open: 1, byStatus: [] } }),
      'GET /dispute/user': () => json(200, { success: true, data: [] }),
      'GET /order': () => json(200, { success: true, data: [] }),
    });
    customerSession.signIn(customerToken());
    await chooseLanguage('bn');
    renderApp('/profile/appeal-dispute-center');

    expect(await screen.findByRole('heading', { name: 'অভিযোগ কেন্দ্র / আপিল' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'মোট অভিযোগ' })).toHaveTextContent('৩');
    expect(screen.getByRole('button', { name: 'অভিযোগ জমা দিন' })).toBeInTheDocument();
  });
});
