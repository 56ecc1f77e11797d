import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { DEFAULT_SETTINGS, settingsStore } from '../../settings/settings-store';
import {
  deliveryAnswer,
  deliveryOption,
  listPage,
  productAnswer,
  reviewsAnswer,
  shirt,
} from '../testing/catalogue-fixtures';

type LandedCost = Schemas['LandedCost'];

const standard = deliveryOption('CAINIAO', {
  company: 'AliExpress Standard Shipping',
  shipping_fee_cent: '2.00',
});
const dhl = deliveryOption('DHL', { company: 'DHL', shipping_fee_cent: '24.60' });

function landed(overrides: Partial<LandedCost> = {}): LandedCost {
  return {
    product: 'shirt',
    sku_id: 'sku-red-s',
    quantity: 1,
    country: 'BD',
    currency: 'USD',
    unitPrice: 10,
    itemsPrice: 10,
    shippingPrice: 2.5,
    taxPrice: 1.25,
    dutyPrice: 0.63,
    totalPrice: 14.38,
    tax: { rate: 10, inclusive: false, label: 'VAT' },
    duty: { rate: 5, label: 'Import duty', basis: 'goods_and_delivery', deMinimis: 1 },
    deliveryPolicy: 'supplier',
    delivery: { code: 'CAINIAO', company: 'AliExpress Standard Shipping' },
    window: { minDays: 10, maxDays: 20, from: '2026-12-08', to: '2026-12-18' },
    ...overrides,
  };
}

function stubPage(answer: (request: Request) => Response) {
  return stubApi({
    'GET /product/shirt': () => productAnswer(shirt()),
    'POST /logistic': () => deliveryAnswer([standard, dhl]),
    'GET /product/landed-cost/shirt': answer,
    'GET /reviews/product/shirt': () => reviewsAnswer([]),
    'GET /product/': () => listPage([]),
  });
}

const landedQueries = (requests: Request[]) =>
  requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname.endsWith('/product/landed-cost/shirt'))
    .map((url) => Object.fromEntries(url.searchParams));

async function findLandedCost(name = 'Total cost to BD') {
  return screen.findByRole('region', { name }, { timeout: 5000 });
}

describe('landed cost on the product page', { timeout: 15_000 }, () => {
  it('shows price, delivery, tax, duty, total and the delivery window for the chosen service', async () => {
    const { requests } = stubPage(() => json(200, { success: true, data: landed() }));
    renderApp('/products/shirt');
    const box = await findLandedCost();

    const row = (label: string) => within(box).getByText(label).closest('div');
    expect(row('Price')).toHaveTextContent('$10.00');
    expect(row('Delivery (AliExpress Standard Shipping)')).toHaveTextContent('$2.50');
    expect(row('VAT (10%)')).toHaveTextContent('$1.25');
    expect(row('Import duty')).toHaveTextContent('$0.63');
    expect(row('Total')).toHaveTextContent('$14.38');
    expect(within(box).getByText('Arrives Dec 8, 2026 – Dec 18, 2026 (10–20 days)')).toBeInTheDocument();
    // The cheapest service the page shows is the one priced, as checkout charges it.
    expect(landedQueries(requests).at(-1)).toEqual({
      sku_id: 'sku-red-s',
      quantity: '1',
      country: 'BD',
      currency: 'USD',
      service: 'AliExpress Standard Shipping',
    });
  });

  it('prices the service the shopper chooses instead', async () => {
    const user = userEvent.setup();
    const { requests } = stubPage(() => json(200, { success: true, data: landed() }));
    renderApp('/products/shirt');
    await findLandedCost();

    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const modal = await screen.findByRole('dialog', { name: 'Delivery Options' });
    await user.click(within(modal).getByRole('radio', { name: /DHL/ }));
    await waitFor(() => expect(landedQueries(requests).at(-1)?.service).toBe('DHL'));
  });

  it('has no duty row where the country has no duty rule, and says when nothing is due under the de minimis', async () => {
    stubPage(() =>
      json(200, { success: true, data: landed({ duty: null, dutyPrice: 0, totalPrice: 13.75 }) }),
    );
    const first = renderApp('/products/shirt');
    const box = await findLandedCost();
    expect(within(box).queryByText('Import duty')).not.toBeInTheDocument();
    expect(within(box).getByText('Total').closest('div')).toHaveTextContent('$13.75');
    first.unmount();

    stubPage(() =>
      json(200, {
        success: true,
        data: landed({ dutyPrice: 0, duty: { rate: 5, label: 'Customs', basis: 'goods', deMinimis: 150 } }),
      }),
    );
    renderApp('/products/shirt');
    const below = await findLandedCost();
    expect(within(below).getByText('No Customs on goods worth under $150.00.')).toBeInTheDocument();
  });

  it('says the total cannot be shown when the server cannot price it', async () => {
    stubPage(() => apiError(422, 'UNPROCESSABLE', 'Cotton T-Shirt cannot be delivered to BD.'));
    renderApp('/products/shirt');
    expect(
      await screen.findByText('The total cost to your country cannot be shown right now.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
  });

  it('speaks the shopper’s language', async () => {
    settingsStore.set({ ...DEFAULT_SETTINGS, language: 'es' });
    stubPage(() => json(200, { success: true, data: landed() }));
    renderApp('/products/shirt');
    const box = await findLandedCost('Coste total a BD');
    expect(within(box).getByText('Envío (AliExpress Standard Shipping)')).toBeInTheDocument();
    expect(within(box).getByText('Precio')).toBeInTheDocument();
  });
});
