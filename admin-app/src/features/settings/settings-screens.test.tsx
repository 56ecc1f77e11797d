import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';

type User = ReturnType<typeof renderApp>['user'];

/**
 * Opens a select and picks from its own list (every country select lists the same countries). A country is
 * searched for first, as staff would; a select added since the page opened names its list only once it changes.
 */
async function choose(user: User, select: HTMLElement, option: string, search?: string) {
  await user.click(select);
  if (search) await user.type(select, search);
  const listbox = await waitFor(() => {
    const found = document.getElementById(select.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('The options are not open');
    return found;
  });
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const settings = {
  storeName: 'Shop',
  contactEmail: 'support@example.com',
  contactPhone: '',
  defaultCurrency: 'USD',
  defaultShipTo: 'BD',
  taxRate: 10,
  freeShippingAbove: 100,
  flatShipping: 10,
  deliveryPolicy: 'store_rule',
  supplierShippingMarkup: 0,
  supplierFreeShipping: false,
  taxRules: [{ country: 'ES', rate: 21, inclusive: true, label: 'IVA' }],
  dutyRules: [{ country: 'GB', rate: 4, deMinimis: 170, basis: 'goods_and_delivery', label: 'Import duty' }],
  priceRounding: [{ currency: 'EUR', rule: 'end_99' }],
  vendorCommissionPercent: 10,
  cashOnDelivery: { enabled: false, countries: [], fee: 0, maxOrder: null },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const project = {
  projectName: '',
  tagline: '',
  description: '',
  problem: '',
  solution: '',
  users: '',
  business: '',
  updatedBy: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('System Settings and Work Update', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('saves the checkout rules the server charges with', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
      'PUT /settings/store': (request) =>
        jsonResponse(200, {
          ...dataEnvelope({
            ...settings,
            ...(request.body as object),
            updatedAt: '2026-11-24T10:00:00.000Z',
          }),
          message: 'Settings saved.',
        }),
    });
    const { user } = renderApp('/manage-admin/settings');

    expect(await screen.findByRole('heading', { name: 'System Settings' })).toBeInTheDocument();
    const checkout = within(await screen.findByRole('region', { name: 'Checkout' }));
    const tax = checkout.getByRole('textbox', { name: 'Tax Rate (%)' });
    expect(tax).toHaveValue('10');
    await user.clear(tax);
    await user.type(tax, '7.5');
    const free = checkout.getByRole('textbox', { name: 'Free Shipping Above (USD)' });
    await user.clear(free);
    await user.type(free, '150');
    const vendors = within(screen.getByRole('region', { name: 'Vendors' }));
    const commission = vendors.getByRole('textbox', { name: 'Default Commission (%)' });
    expect(commission).toHaveValue('10');
    await user.clear(commission);
    await user.type(commission, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(api.sentTo('PUT /settings/store')).toHaveLength(1));
    expect(api.sentTo('PUT /settings/store')[0]?.body).toMatchObject({
      taxRate: 7.5,
      freeShippingAbove: 150,
      flatShipping: 10,
      vendorCommissionPercent: 12.5,
    });
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
  });

  it('offers cash on delivery in the countries chosen, with its fee and largest order', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
      'PUT /settings/store': () =>
        jsonResponse(200, { success: true, message: 'Settings saved.', data: settings }),
    });
    const { user } = renderApp('/manage-admin/settings');
    const cod = within(await screen.findByRole('region', { name: 'Cash on Delivery' }));
    expect(cod.queryByRole('textbox', { name: 'Fee (USD)' })).not.toBeInTheDocument();
    await user.click(cod.getByRole('switch', { name: 'Offer cash on delivery' }));

    // Switched on without a country, it is refused before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await cod.findByText('Choose at least one country.')).toBeInTheDocument();
    expect(api.sentTo('PUT /settings/store')).toHaveLength(0);

    await choose(user, cod.getByRole('combobox', { name: 'Countries' }), 'Bangladesh (BD)', 'Bangla');
    const fee = cod.getByRole('textbox', { name: 'Fee (USD)' });
    await user.clear(fee);
    await user.type(fee, '1.5');
    await user.type(cod.getByRole('textbox', { name: 'Largest Order (USD)' }), '300');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(api.sentTo('PUT /settings/store')).toHaveLength(1));
    expect(api.sentTo('PUT /settings/store')[0]?.body).toMatchObject({
      cashOnDelivery: { enabled: true, countries: ['BD'], fee: 1.5, maxOrder: 300 },
    });
  });

  it('checks the figures before sending', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
    });
    const { user } = renderApp('/manage-admin/settings');
    const checkout = within(await screen.findByRole('region', { name: 'Checkout' }));
    // The inputs keep figures in bounds as they are typed; an empty one is caught before sending.
    await user.clear(checkout.getByRole('textbox', { name: 'Flat Shipping (USD)' }));
    const store = within(screen.getByRole('region', { name: 'Store' }));
    await user.clear(store.getByRole('textbox', { name: /Store Name/ }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Enter an amount.')).toBeInTheDocument();
    expect(screen.getByText('Store name is required.')).toBeInTheDocument();
    expect(api.sentTo('PUT /settings/store')).toHaveLength(0);
  });

  it('saves the delivery policy, the tax of each country and the rounding of each currency', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
      'PUT /settings/store': () =>
        jsonResponse(200, dataEnvelope({ ...settings, updatedAt: '2026-11-24T10:00:00.000Z' })),
    });
    const { user } = renderApp('/manage-admin/settings');

    const delivery = within(await screen.findByRole('region', { name: 'Delivery' }));
    expect(
      delivery.getByRole('radio', { name: 'Store rule: flat fee, free above the threshold' }),
    ).toBeChecked();
    expect(delivery.queryByRole('textbox', { name: 'Supplier Shipping Markup (%)' })).not.toBeInTheDocument();
    await user.click(delivery.getByRole('radio', { name: "Supplier's fee per delivery service" }));
    const markup = delivery.getByRole('textbox', { name: 'Supplier Shipping Markup (%)' });
    await user.clear(markup);
    await user.type(markup, '12.5');
    await user.click(delivery.getByRole('switch', { name: /^Free above the threshold too/ }));

    const tax = within(screen.getByRole('region', { name: 'Tax by country' }));
    expect(
      tax.getByText(/Countries without a rule pay the default Tax Rate, added at checkout/),
    ).toBeInTheDocument();
    await user.click(tax.getByRole('button', { name: 'Add Country' }));
    const added = within(tax.getAllByRole('row')[2] as HTMLElement);
    await choose(user, added.getByRole('combobox', { name: 'Country' }), 'Australia (AU)', 'Austr');
    await user.type(added.getByRole('textbox', { name: 'Rate (%)' }), '10');
    await user.clear(added.getByRole('textbox', { name: 'Label' }));
    await user.type(added.getByRole('textbox', { name: 'Label' }), 'GST');

    const rounding = within(screen.getByRole('region', { name: 'Price rounding' }));
    expect(rounding.getByText(/End in \.99: up to the next \.99: 17\.71 → 17\.99/)).toBeInTheDocument();
    expect(rounding.getByRole('combobox', { name: 'EUR' })).toHaveValue('End in .99');
    await choose(user, rounding.getByRole('combobox', { name: 'HUF' }), 'End in 9');

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.sentTo('PUT /settings/store')).toHaveLength(1));
    expect(api.sentTo('PUT /settings/store')[0]?.body).toMatchObject({
      deliveryPolicy: 'supplier',
      supplierShippingMarkup: 12.5,
      supplierFreeShipping: true,
      taxRules: [
        { country: 'ES', rate: 21, inclusive: true, label: 'IVA' },
        { country: 'AU', rate: 10, inclusive: false, label: 'GST' },
      ],
      // Only the currencies that round, in the store's currency order.
      priceRounding: [
        { currency: 'EUR', rule: 'end_99' },
        { currency: 'HUF', rule: 'end_9' },
      ],
    });
  });

  it('refuses a country named twice, and a rule without a rate, before sending', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
    });
    const { user } = renderApp('/manage-admin/settings');

    const tax = within(await screen.findByRole('region', { name: 'Tax by country' }));
    await user.click(tax.getByRole('button', { name: 'Add Country' }));
    const added = within(tax.getAllByRole('row')[2] as HTMLElement);
    await choose(user, added.getByRole('combobox', { name: 'Country' }), 'Spain (ES)', 'Spa');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await added.findByText('Enter a rate.')).toBeInTheDocument();

    await user.type(added.getByRole('textbox', { name: 'Rate (%)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await added.findByText('Spain already has a rule.')).toBeInTheDocument();
    expect(api.sentTo('PUT /settings/store')).toHaveLength(0);
  });

  it('adds, edits and removes import duty rules, and saves them', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
      'PUT /settings/store': () =>
        jsonResponse(200, dataEnvelope({ ...settings, updatedAt: '2026-11-24T10:00:00.000Z' })),
    });
    const { user } = renderApp('/manage-admin/settings');

    const duty = within(await screen.findByRole('region', { name: 'Import duty by country' }));
    const saved = within(duty.getAllByRole('row')[1] as HTMLElement);
    expect(saved.getByRole('textbox', { name: 'De minimis (USD)' })).toHaveValue('170');
    expect(saved.getByRole('combobox', { name: 'Charged on' })).toHaveValue('Goods + delivery');
    await user.clear(saved.getByRole('textbox', { name: 'Rate (%)' }));
    await user.type(saved.getByRole('textbox', { name: 'Rate (%)' }), '5.5');

    await user.click(duty.getByRole('button', { name: 'Add Duty Rule' }));
    const added = within(duty.getAllByRole('row')[2] as HTMLElement);
    await choose(user, added.getByRole('combobox', { name: 'Country' }), 'Australia (AU)', 'Austr');
    await user.type(added.getByRole('textbox', { name: 'Rate (%)' }), '5');
    await user.clear(added.getByRole('textbox', { name: 'De minimis (USD)' }));
    await user.type(added.getByRole('textbox', { name: 'De minimis (USD)' }), '650');
    await user.clear(added.getByRole('textbox', { name: 'Label' }));
    await user.type(added.getByRole('textbox', { name: 'Label' }), 'Customs');

    await user.click(duty.getByRole('button', { name: 'Add Duty Rule' }));
    const extra = within(duty.getAllByRole('row')[3] as HTMLElement);
    await user.click(extra.getByRole('button', { name: 'Remove duty rule 3' }));
    expect(duty.getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.sentTo('PUT /settings/store')).toHaveLength(1));
    expect(api.sentTo('PUT /settings/store')[0]?.body).toMatchObject({
      dutyRules: [
        { country: 'GB', rate: 5.5, deMinimis: 170, basis: 'goods_and_delivery', label: 'Import duty' },
        { country: 'AU', rate: 5, deMinimis: 650, basis: 'goods', label: 'Customs' },
      ],
    });
  });

  it('refuses a duty rule without a rate, or a country named twice, before sending', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
    });
    const { user } = renderApp('/manage-admin/settings');

    const duty = within(await screen.findByRole('region', { name: 'Import duty by country' }));
    await user.click(duty.getByRole('button', { name: 'Add Duty Rule' }));
    const added = within(duty.getAllByRole('row')[2] as HTMLElement);
    await choose(user, added.getByRole('combobox', { name: 'Country' }), 'United Kingdom (GB)', 'United K');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await added.findByText('Enter a rate.')).toBeInTheDocument();

    await user.type(added.getByRole('textbox', { name: 'Rate (%)' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await added.findByText('United Kingdom already has a rule.')).toBeInTheDocument();
    expect(api.sentTo('PUT /settings/store')).toHaveLength(0);
  });

  it("shows the server's refusal beside the tax rule it names", async () => {
    stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/store': () => jsonResponse(200, dataEnvelope(settings)),
      'PUT /settings/store': () =>
        jsonResponse(
          400,
          errorEnvelope('Validation failed', 'VALIDATION_ERROR', [
            { path: '/taxRules/0/country', message: 'is named twice' },
          ]),
        ),
    });
    const { user } = renderApp('/manage-admin/settings');

    const tax = within(await screen.findByRole('region', { name: 'Tax by country' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await tax.findByText('is named twice')).toBeInTheDocument();
  });

  it('saves the project details with the developer fixed, and shows who saved them', async () => {
    const api = stubApi({
      'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
      'GET /settings/project': () => jsonResponse(200, dataEnvelope(project)),
      'PUT /settings/project': (request) =>
        jsonResponse(
          200,
          dataEnvelope({
            ...(request.body as object),
            updatedBy: 'Store Admin',
            updatedAt: '2026-11-24T10:00:00.000Z',
          }),
        ),
    });
    const { user } = renderApp('/manage-admin/workupdate');

    const form = within(await screen.findByRole('form', { name: 'Project details' }));
    expect(form.getByRole('textbox', { name: 'Developer' })).toBeDisabled();
    expect(form.getByText('Not saved yet.')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /Project Name/ }), 'Shop');
    await user.type(form.getByRole('textbox', { name: 'Problem' }), 'Imported goods cost too much.');
    await user.click(form.getByRole('button', { name: 'Save Project Details' }));

    await waitFor(() => expect(api.sentTo('PUT /settings/project')).toHaveLength(1));
    expect(api.sentTo('PUT /settings/project')[0]?.body).toMatchObject({
      projectName: 'Shop',
      problem: 'Imported goods cost too much.',
    });
    expect(await screen.findByText(/Last saved by Store Admin/)).toBeInTheDocument();
  });
});
