import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';

const settings = {
  storeName: 'Shop',
  contactEmail: 'support@example.com',
  contactPhone: '',
  defaultCurrency: 'USD',
  defaultShipTo: 'BD',
  taxRate: 10,
  freeShippingAbove: 100,
  flatShipping: 10,
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
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(api.sentTo('PUT /settings/store')).toHaveLength(1));
    expect(api.sentTo('PUT /settings/store')[0]?.body).toMatchObject({
      taxRate: 7.5,
      freeShippingAbove: 150,
      flatShipping: 10,
    });
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
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
