import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { OVERRIDE_PAGE_SIZE } from './components/override-logs';

const rules = {
  markupType: 'percentage',
  markupValue: 10,
  minMarginPercent: 0,
  compareAtMode: 'marketplace',
  compareAtPercent: 20,
  b2bEnabled: false,
  b2bDiscountPercent: 10,
  currencyMode: 'auto',
};
const rates = [
  { code: 'BDT', rate: 121.5, symbol: '৳', updatedAt: '2026-11-22T00:00:00.000Z' },
  { code: 'USD', rate: 1, symbol: '$', updatedAt: '2026-11-22T00:00:00.000Z' },
];
const unavailable = () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR'));
const emptyPage = (request: { url: URL }) =>
  jsonResponse(200, {
    ...dataEnvelope([]),
    meta: { page: 1, limit: Number(request.url.searchParams.get('limit')), total: 0 },
  });

function pricingApi(overrides: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  let settings = { rules, countries: [] as object[], repriced: 0 };
  return stubApi({
    'GET /admin/me': unavailable,
    'GET /pricing': () => jsonResponse(200, dataEnvelope(settings)),
    'PUT /pricing': (request) => {
      settings = { ...settings, rules: request.body as typeof rules, repriced: 42 };
      return jsonResponse(200, dataEnvelope(settings));
    },
    'PUT /pricing/countries/BD': (request) => {
      settings = { ...settings, countries: [{ country: 'BD', ...(request.body as object) }] };
      return jsonResponse(200, dataEnvelope(settings));
    },
    'POST /pricing/preview': (request) => {
      const cost = (request.body as { cost: number }).cost;
      const markup = settings.rules.markupValue;
      return jsonResponse(
        200,
        dataEnvelope({
          cost,
          price: cost * (1 + markup / 100),
          margin: (cost * markup) / 100,
          profitPercent: markup,
          currency: 'USD',
        }),
      );
    },
    'GET /pricing/overrides': emptyPage,
    'GET /settings/currency': () => jsonResponse(200, dataEnvelope(rates)),
    ...overrides,
  });
}

describe('Pricing & Profit Management', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows every section the spec names, the default 10% markup and an empty override log', async () => {
    pricingApi();
    renderApp('/manage-admin/pricing');
    expect(await screen.findByRole('heading', { name: 'Pricing & Profit Management' })).toBeInTheDocument();
    for (const section of [
      'Global Markup Rules',
      'Country-wise Pricing',
      'Compare-at Price Settings',
      'B2B/B2C Mode Switch',
      'Manual Override Logs',
      'Pricing Preview Tool',
      'Currency Conversion',
    ]) {
      expect(await screen.findByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(await screen.findByLabelText('Markup (%)')).toHaveValue('10');
    expect(await screen.findByText('No manual overrides made yet.')).toBeInTheDocument();
    expect(OVERRIDE_PAGE_SIZE).toBe(10);
  });

  it('says the rules could not be loaded, shows no country list in their place, and loads them on Retry', async () => {
    let reachable = false;
    const api = pricingApi({
      'GET /pricing': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(200, dataEnvelope({ rules, countries: [], repriced: 0 }));
      },
    });
    const { user } = renderApp('/manage-admin/pricing');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The pricing rules could not be loaded: the server could not be reached.',
    );
    expect(screen.queryByRole('heading', { name: 'Country-wise Pricing' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Markup (%)')).not.toBeInTheDocument();

    reachable = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Markup (%)')).toHaveValue('10');
    expect(screen.getByRole('heading', { name: 'Country-wise Pricing' })).toBeInTheDocument();
    expect(api.sentTo('GET /pricing').length).toBeGreaterThanOrEqual(2);
  });

  it('saves the rules through the server and says how many prices moved; a negative markup is refused', async () => {
    const api = pricingApi();
    const { user } = renderApp('/manage-admin/pricing');
    const markup = await screen.findByLabelText('Markup (%)');
    await user.clear(markup);
    // A markup below 0 cannot be typed (the server refuses one too).
    await user.type(markup, '-5');
    expect(markup).toHaveValue('5');
    await user.clear(markup);
    await user.click(screen.getByRole('button', { name: 'Save Pricing Rules' }));
    expect(await screen.findByText('Markups, margins and discounts cannot be below 0.')).toBeInTheDocument();
    expect(api.sentTo('PUT /pricing')).toHaveLength(0);

    await user.type(markup, '25');
    await user.click(screen.getByRole('switch', { name: 'B2C prices for everyone' }));
    await user.click(screen.getByRole('radio', { name: 'A percent above the price' }));
    await user.click(screen.getByRole('button', { name: 'Save Pricing Rules' }));
    expect(
      await screen.findByText('Pricing rules saved. 42 imported SKU prices updated.'),
    ).toBeInTheDocument();
    expect(api.sentTo('PUT /pricing')[0]?.body).toEqual({
      ...rules,
      markupValue: 25,
      b2bEnabled: true,
      compareAtMode: 'percent',
    });
  });

  it('adds a country price and previews a cost with the server', async () => {
    const api = pricingApi();
    const { user } = renderApp('/manage-admin/pricing');
    expect(await screen.findByText('Every country pays the store price.')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Country' });
    await user.click(picker);
    const options = await waitFor(() => {
      const list = document.getElementById(picker.getAttribute('aria-controls') ?? '');
      if (!list) throw new Error('the country list is not open');
      return within(list);
    });
    await user.click(options.getByRole('option', { name: 'Bangladesh', hidden: true }));
    const section = within(screen.getByRole('region', { name: 'Country-wise Pricing' }));
    await user.type(section.getByLabelText('Adjustment (%)'), '15');
    await user.click(section.getByRole('button', { name: 'Save Country Price' }));
    expect(await screen.findByText('Bangladesh prices saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT /pricing/countries/BD')[0]?.body).toEqual({
      adjustmentType: 'percentage',
      value: 15,
    });
    expect(await screen.findByRole('table', { name: 'Country prices' })).toHaveTextContent('+15%');

    const preview = within(screen.getByRole('region', { name: 'Pricing Preview Tool' }));
    await waitFor(() => expect(preview.getByLabelText('Final price')).toHaveTextContent('$110.00'));
    expect(preview.getByLabelText('Margin')).toHaveTextContent('$10.00');
    expect(preview.getByLabelText('Profit percentage')).toHaveTextContent('10.00%');
    const cost = preview.getByLabelText('Cost price ($)');
    await user.clear(cost);
    await user.type(cost, '12.5');
    await waitFor(() => expect(preview.getByLabelText('Final price')).toHaveTextContent('$13.75'));
    expect(api.sentTo('POST /pricing/preview').at(-1)?.body).toEqual({ cost: 12.5 });
  });

  it('refreshes the preview with the saved rules, without a reload', async () => {
    const api = pricingApi();
    const { user } = renderApp('/manage-admin/pricing');
    const preview = within(await screen.findByRole('region', { name: 'Pricing Preview Tool' }));
    await waitFor(() => expect(preview.getByLabelText('Final price')).toHaveTextContent('$110.00'));
    const asked = api.sentTo('POST /pricing/preview').length;

    const markup = await screen.findByLabelText('Markup (%)');
    await user.clear(markup);
    await user.type(markup, '25');
    await user.click(screen.getByRole('button', { name: 'Save Pricing Rules' }));
    await waitFor(() => expect(preview.getByLabelText('Final price')).toHaveTextContent('$125.00'));
    expect(preview.getByLabelText('Margin')).toHaveTextContent('$25.00');
    expect(preview.getByLabelText('Profit percentage')).toHaveTextContent('25.00%');
    expect(api.sentTo('POST /pricing/preview').length).toBeGreaterThan(asked);
  });

  it('edits a rate by hand in manual mode', async () => {
    const api = pricingApi({
      'GET /pricing': () =>
        jsonResponse(
          200,
          dataEnvelope({ rules: { ...rules, currencyMode: 'manual' }, countries: [], repriced: 0 }),
        ),
      'PUT /settings/currency/BDT': (request) =>
        jsonResponse(200, dataEnvelope({ ...rates[0], rate: (request.body as { rate: number }).rate })),
    });
    const { user } = renderApp('/manage-admin/pricing');
    const rate = await screen.findByLabelText('BDT rate');
    await user.clear(rate);
    await user.type(rate, '120.25');
    const row = within(screen.getByRole('table', { name: 'Currency rates' }));
    await user.click(row.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('BDT rate saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT /settings/currency/BDT')[0]?.body).toEqual({ rate: 120.25 });
    expect(screen.queryByRole('button', { name: 'Fetch Rates Now' })).not.toBeInTheDocument();
  });
});
