import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';

const APPLY = 'POST /vendor/apply';

const STORE = {
  _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Dhaka Leather Works',
  email: 'hello@dhakaleather.example.com',
  phone: null,
  address: null,
  description: null,
  logoUrl: null,
  status: 'pending',
  reviewNote: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};

async function fillIn(
  values: Partial<Record<'storeName' | 'email' | 'password' | 'phone' | 'address', string>>,
) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Sell on Shop' }));
  if (values.storeName) await user.type(form.getByRole('textbox', { name: /Store name/ }), values.storeName);
  if (values.email) await user.type(form.getByRole('textbox', { name: /Email/ }), values.email);
  if (values.password) await user.type(form.getByLabelText(/^Password/), values.password);
  if (values.phone) await user.type(form.getByRole('textbox', { name: 'Phone' }), values.phone);
  if (values.address) await user.type(form.getByRole('textbox', { name: 'Address' }), values.address);
  await user.click(form.getByRole('button', { name: 'Apply to sell' }));
  return form;
}

describe('Sell on Shop', () => {
  it('is linked from the footer', async () => {
    stubApi({});
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Sell on Shop' })).toHaveAttribute('href', '/sell');
  });

  it('names each missing or invalid field and sends nothing', async () => {
    const { fetchStub } = stubApi({});
    renderApp('/sell');
    const form = await fillIn({ email: 'not-an-email', password: 'abc', phone: 'call me' });
    expect(await form.findByText('Store name is required.')).toBeInTheDocument();
    expect(form.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(form.getByText('Enter a valid phone number.')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends the application and says it is under review, with the way to the vendor panel', async () => {
    let sent: unknown;
    stubApi({
      [APPLY]: async (request) => {
        sent = await request.json();
        return json(201, { success: true, message: 'received', data: STORE });
      },
    });
    renderApp('/sell');
    await fillIn({
      storeName: '  Dhaka Leather Works ',
      email: 'hello@dhakaleather.example.com',
      password: 'leather-42',
      address: '12 Tanner Lane',
    });
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/under review.*by email/);
    expect(screen.getByRole('link', { name: 'Vendor panel sign-in' })).toHaveAttribute(
      'href',
      'http://localhost:5175/login',
    );
    // Blank optional fields are left out.
    expect(sent).toEqual({
      storeName: 'Dhaka Leather Works',
      email: 'hello@dhakaleather.example.com',
      password: 'leather-42',
      address: '12 Tanner Lane',
    });
  });

  it("shows the server's refusal and its field errors", async () => {
    stubApi({
      [APPLY]: () =>
        json(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Phone is invalid',
          errors: [{ path: '/phone', message: 'Phone is invalid' }],
        }),
    });
    renderApp('/sell');
    const form = await fillIn({
      storeName: 'Dhaka Leather Works',
      email: 'hello@dhakaleather.example.com',
      password: 'leather-42',
      phone: '+880 1711 000000',
    });
    expect(await form.findByRole('alert')).toHaveTextContent('Phone is invalid');
    expect(form.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Phone is invalid');
  });

  it('says so when a store already uses the email', async () => {
    stubApi({ [APPLY]: () => apiError(409, 'CONFLICT', 'A store with this email already exists.') });
    renderApp('/sell');
    const form = await fillIn({
      storeName: 'Dhaka Leather Works',
      email: 'hello@dhakaleather.example.com',
      password: 'leather-42',
    });
    await waitFor(() =>
      expect(form.getByRole('alert')).toHaveTextContent('A store with this email already exists.'),
    );
    expect(screen.queryByRole('heading', { name: 'Application received' })).not.toBeInTheDocument();
  });
});
