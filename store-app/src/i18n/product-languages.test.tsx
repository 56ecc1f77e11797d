import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  deliveryAnswer,
  deliveryOption,
  listItem,
  listPage,
  pricedIn,
  productAnswer,
  reviewsAnswer,
  shirt,
} from '../features/catalogue/testing/catalogue-fixtures';
import type { Currency, Language } from '../features/settings/settings-options';
import { settingsStore } from '../features/settings/settings-store';
import { EMPTY_CONTENT, json, stubApi } from '../test/network';
import { renderApp } from '../test/render-app';
import { languageApplied } from './i18n';

/** What the settings modal does: the choices are stored, and the page follows once the language's texts load. */
async function choose(language: Language, currency: Currency = 'USD') {
  await act(async () => {
    settingsStore.set({ ...settingsStore.get(), language, currency });
    await languageApplied();
  });
}

const standard = deliveryOption('CAINIAO', {
  company: 'AliExpress Standard Shipping',
  free_shipping: true,
  shipping_fee_cent: '0.00',
});
const express = deliveryOption('DHL', {
  company: 'DHL',
  shipping_fee_cent: '24.60',
  shipping_fee_format: 'US $24.60',
  delivery_date_desc: '',
  min_delivery_days: 1,
  max_delivery_days: 1,
  tracking: false,
});

/** The shirt's page and every call it makes: the shirt (in Fashion), its delivery quote, reviews and similar items. */
function stubShirtPage(product = shirt({ category: 'Fashion' })) {
  return stubApi({
    'GET /product/shirt': () => productAnswer(product),
    'POST /logistic': () => deliveryAnswer([express, standard]),
    'GET /reviews/product/shirt': () => reviewsAnswer([]),
    'GET /product/': () => listPage([listItem('p7', { name: 'Linen Shirt', price: 18.99 })]),
  });
}

function option(group: string, value: string) {
  return within(screen.getByRole('group', { name: group })).getByRole('button', { name: value });
}

/** The message in one of the app's red toasts (a Mantine notification, never `window.alert`). */
async function errorToast(message: string) {
  const notification = (await screen.findByText(message)).closest<HTMLElement>('.mantine-Notification-root');
  expect(notification?.style.getPropertyValue('--notification-color')).toBe(
    'var(--mantine-color-red-filled)',
  );
}

// Whole-app renders on a busy 2-core machine can pass the 5 s default without being wrong.
describe('the product page in other languages', { timeout: 20_000 }, () => {
  it('shows the product page in Spanish, with money in Spanish notation', async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    stubShirtPage(
      pricedIn(shirt({ category: 'Fashion', rate: 0.86 }), 'EUR', {
        'sku-red-s': '1234.50',
        'sku-blue-s': '8.60',
      }),
    );
    await choose('es', 'EUR');
    renderApp('/products/shirt');

    // The product's name, its option names and values come from the API as they are.
    expect(await screen.findByRole('heading', { name: 'Cotton T-Shirt' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByText('Precio de oferta')).toBeInTheDocument();
    expect(screen.getByText('1234,50 €')).toBeInTheDocument();
    expect(screen.getByText('Precio en EUR: 1234,50 €')).toBeInTheDocument();
    expect(screen.getByText('ID de SKU: sku-red-s')).toBeInTheDocument();
    expect(screen.getByText('Existencias: 30')).toBeInTheDocument();
    expect(option('Color', 'Blue')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cantidad' })).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Ver imagen 2' })).toBeInTheDocument();

    const purchase = within(screen.getByRole('region', { name: 'Envío y compra' }));
    expect(purchase.getByText('Enviar a BD')).toBeInTheDocument();
    const chosen = within(await purchase.findByRole('group', { name: 'Opción de envío elegida' }));
    expect(chosen.getByText('Envío gratis')).toBeInTheDocument();
    expect(chosen.getByText('AliExpress Standard Shipping, desde CN')).toBeInTheDocument();
    expect(chosen.getByText('Dec 08 - Dec 19 · 10-20 días · Con seguimiento')).toBeInTheDocument();
    expect(purchase.getByRole('button', { name: 'Comprar ya' })).toBeInTheDocument();
    expect(purchase.getByRole('button', { name: 'Pedir ahora' })).toBeInTheDocument();

    await user.click(purchase.getByRole('button', { name: 'Cambiar' }));
    const delivery = within(await screen.findByRole('dialog', { name: 'Opciones de envío' }));
    expect(delivery.getByRole('radiogroup', { name: 'Elige una opción de envío' })).toBeInTheDocument();
    // The fee in Spanish through the money formatter, not the supplier's en-US 'US $24.60'.
    expect(delivery.getByRole('radio', { name: /^DHL · 24,60\sUS\$$/ })).toBeInTheDocument();
    expect(delivery.getByText('1 día')).toBeInTheDocument();
    await user.click(delivery.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Opciones de envío' })).not.toBeInTheDocument(),
    );

    const properties = within(await screen.findByRole('region', { name: 'Características' }));
    expect(properties.getByText('Material')).toBeInTheDocument();
    expect(properties.getByText('Threadly')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reseñas' })).toBeInTheDocument();
    const similar = within(await screen.findByRole('region', { name: 'Productos similares' }));
    expect(await similar.findByText('Linen Shirt')).toBeInTheDocument();
    expect(similar.getByText('18,99 US$')).toBeInTheDocument();
    expect(similar.getByRole('button', { name: 'Productos anteriores' })).toBeInTheDocument();
    expect(similar.getByRole('link', { name: 'Ver más' })).toHaveAttribute('href', '/search/Fashion');

    // Red, large, out of stock: refused in a red toast.
    await user.click(option('Size', 'L'));
    expect(screen.getByText('Existencias: 0')).toBeInTheDocument();
    await user.click(purchase.getByRole('button', { name: 'Añadir al carrito' }));
    await errorToast(
      'No se puede añadir al carrito: elige una opción válida con existencias y una cantidad positiva.',
    );

    // No Web Share API here: the app's own dialog offers the address to copy.
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    const share = within(await screen.findByRole('dialog', { name: 'Compartir' }));
    expect(share.getByText('Este navegador no permite compartir. Copia la dirección:')).toBeInTheDocument();
    expect(share.getByRole('textbox', { name: 'Dirección del producto' })).toHaveValue(window.location.href);
    await user.click(share.getByRole('button', { name: 'Copiar' }));
    expect(await share.findByRole('button', { name: 'Copiada' })).toBeInTheDocument();
    expect(share.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it('says in Spanish that the price includes IVA when shipping to Spain, and the cheapest service is charged', async () => {
    stubApi({
      'GET /product/shirt': () =>
        productAnswer(pricedIn(shirt({ category: 'Fashion', rate: 0.86 }), 'EUR', { 'sku-red-s': '10.41' })),
      'POST /logistic': () => deliveryAnswer([express, standard], 'ES'),
      'GET /reviews/product/shirt': () => reviewsAnswer([]),
      'GET /product/': () => listPage([]),
      'GET /storefront/content': () =>
        json(200, {
          success: true,
          data: { ...EMPTY_CONTENT, taxRules: [{ country: 'ES', rate: 21, inclusive: true, label: 'IVA' }] },
        }),
    });
    settingsStore.set({ ...settingsStore.get(), shipToCountry: 'ES' });
    await choose('es', 'EUR');
    renderApp('/products/shirt');

    expect(await screen.findByText('10,41 €')).toBeInTheDocument();
    expect(await screen.findByText('IVA incluido (21 %)')).toBeInTheDocument();
    expect(
      await screen.findByText('Se cobra el servicio más barato, salvo que elijas otro.'),
    ).toBeInTheDocument();
  });

  it('says the product could not be read, in Spanish', async () => {
    stubApi({});
    await choose('es');
    renderApp('/products/missing');
    expect(await screen.findByText('Producto no encontrado o no se pudo cargar.')).toBeInTheDocument();
  });

  it('shows the product page in Hindi, with money in Indian notation', async () => {
    const user = userEvent.setup();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    stubShirtPage(
      pricedIn(shirt({ category: 'Fashion', rate: 121.5 }), 'BDT', {
        'sku-red-s': '151875.00',
        'sku-blue-s': '1458.00',
      }),
    );
    await choose('hi', 'BDT');
    renderApp('/products/shirt');

    expect(await screen.findByRole('heading', { name: 'Cotton T-Shirt' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.getByText('ऑफ़र कीमत')).toBeInTheDocument();
    // Lakhs: 1,51,875.00, not 151,875.00.
    expect(screen.getByText('BDT 1,51,875.00')).toBeInTheDocument();
    expect(screen.getByText('BDT में कीमत: BDT 1,51,875.00')).toBeInTheDocument();
    expect(screen.getByText('स्टॉक: 30')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'मात्रा' })).toBeInTheDocument();

    const purchase = within(screen.getByRole('region', { name: 'शिपिंग और ख़रीद' }));
    expect(purchase.getByText('BD को भेजा जाएगा')).toBeInTheDocument();
    const chosen = within(await purchase.findByRole('group', { name: 'चुना गया डिलीवरी विकल्प' }));
    expect(chosen.getByText('फ़्री शिपिंग')).toBeInTheDocument();
    expect(chosen.getByText('AliExpress Standard Shipping, CN से')).toBeInTheDocument();
    expect(chosen.getByText('Dec 08 - Dec 19 · 10-20 दिन · ट्रैकिंग उपलब्ध')).toBeInTheDocument();
    expect(purchase.getByRole('button', { name: 'कार्ट में डालें' })).toBeInTheDocument();
    expect(purchase.getByRole('button', { name: 'अभी ख़रीदें' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'उत्पाद की विशेषताएँ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'समीक्षाएँ' })).toBeInTheDocument();
    const similar = within(await screen.findByRole('region', { name: 'मिलते-जुलते उत्पाद' }));
    expect(await similar.findByText('$18.99')).toBeInTheDocument();
    expect(similar.getByRole('link', { name: 'और देखें' })).toBeInTheDocument();

    // Blue comes in S only: no SKU for Blue, L.
    await user.click(option('Color', 'Blue'));
    expect(screen.getByText('BDT 1,458.00')).toBeInTheDocument();
    await user.click(option('Size', 'L'));
    expect(screen.getByText('इन विकल्पों से कोई वेरिएशन नहीं मिला। कृपया विकल्प बदलें।')).toBeInTheDocument();
    await user.click(purchase.getByRole('button', { name: 'अभी ऑर्डर करें' }));
    await errorToast('ऑर्डर से पहले स्टॉक में मौजूद विकल्प और सही मात्रा चुनें।');

    await user.click(screen.getByRole('button', { name: 'शेयर करें' }));
    const share = within(await screen.findByRole('dialog', { name: 'शेयर करें' }));
    expect(share.getByRole('textbox', { name: 'उत्पाद का लिंक' })).toHaveValue(window.location.href);
    expect(share.getByRole('button', { name: 'कॉपी करें' })).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it('writes stock, delivery days and money in Bengali digits', async () => {
    stubShirtPage();
    await choose('bn');
    renderApp('/products/shirt');

    expect(await screen.findByText('অফার মূল্য')).toBeInTheDocument();
    expect(screen.getByText('১০.০০ US$')).toBeInTheDocument();
    expect(screen.getByText('স্টক: ৩০')).toBeInTheDocument();
    const chosen = within(await screen.findByRole('group', { name: 'বেছে নেওয়া ডেলিভারি অপশন' }));
    expect(chosen.getByText('Dec 08 - Dec 19 · ১০-২০ দিন · ট্র্যাকিং সুবিধা আছে')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ছবি ২ দেখুন' })).toBeInTheDocument();
  });
});
