import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fetchStub, jsonResponse, routeStub, sentRequest } from '../../test/network';
import { renderApp } from '../../test/render-app';

type Fields = Partial<
  Record<'storeName' | 'email' | 'password' | 'phone' | 'address' | 'description', string>
>;

const STORE = {
  _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Dhaka Leather Works',
  email: 'hello@dhakaleather.example.com',
  phone: '+8801711000000',
  address: null,
  description: 'Hand-stitched leather bags.',
  logoUrl: null,
  status: 'pending',
  reviewNote: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};

async function fillIn(values: Fields) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Apply to sell' }));
  if (values.storeName) await user.type(form.getByRole('textbox', { name: /Store Name/ }), values.storeName);
  if (values.email) await user.type(form.getByRole('textbox', { name: /Email/ }), values.email);
  if (values.password) await user.type(form.getByLabelText(/^Password/), values.password);
  if (values.phone) await user.type(form.getByRole('textbox', { name: 'Phone' }), values.phone);
  if (values.address) await user.type(form.getByRole('textbox', { name: 'Address' }), values.address);
  if (values.description)
    await user.type(form.getByRole('textbox', { name: 'Description' }), values.description);
  await user.click(form.getByRole('button', { name: 'Apply to sell' }));
  return { user, form };
}

describe('apply to sell', () => {
  it('is reachable from the sign-in page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Apply to sell' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply'));
    expect(await screen.findByRole('form', { name: 'Apply to sell' })).toBeInTheDocument();
  });

  it('names each missing or invalid field and sends nothing', async () => {
    renderApp('/apply');
    const { form } = await fillIn({ email: 'not-an-email', password: 'abc', phone: 'call me' });
    expect(await form.findByText('Store Name is required')).toBeInTheDocument();
    expect(form.getByText('Email is invalid')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(form.getByText('Phone is invalid')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends the application, says it is under review, and leads to sign-in', async () => {
    routeStub({
      'POST /vendor/apply': () => jsonResponse(201, { success: true, message: 'ok', data: STORE }),
    });
    const { router } = renderApp('/apply');
    const { user } = await fillIn({
      storeName: 'Dhaka Leather Works',
      email: 'hello@dhakaleather.example.com',
      password: 'leather-42',
      phone: '+8801711000000',
      description: 'Hand-stitched leather bags.',
    });
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/under review.*by email/);
    expect(await sentRequest(0)).toMatchObject({
      method: 'POST',
      body: {
        storeName: 'Dhaka Leather Works',
        email: 'hello@dhakaleather.example.com',
        password: 'leather-42',
        phone: '+8801711000000',
        description: 'Hand-stitched leather bags.',
      },
    });
    expect((await sentRequest(0)).body).not.toHaveProperty('address');
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's refusal, with its field errors beside the fields", async () => {
    routeStub({
      'POST /vendor/apply': () =>
        jsonResponse(409, {
          success: false,
          code: 'CONFLICT',
          message: 'A store with this email already exists.',
        }),
    });
    renderApp('/apply');
    const { form } = await fillIn({
      storeName: 'Dhaka Leather Works',
      email: 'hello@dhakaleather.example.com',
      password: 'leather-42',
    });
    expect(await form.findByRole('alert')).toHaveTextContent('A store with this email already exists.');

    routeStub({
      'POST /vendor/apply': () =>
        jsonResponse(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Store Name is required',
          errors: [{ path: '/storeName', message: 'Store Name is required' }],
        }),
    });
    const user = userEvent.setup();
    await user.click(form.getByRole('button', { name: 'Apply to sell' }));
    expect(await form.findByRole('textbox', { name: /Store Name/ })).toHaveAccessibleDescription(
      'Store Name is required',
    );
    expect(screen.queryByRole('heading', { name: 'Application received' })).not.toBeInTheDocument();
  });
});
