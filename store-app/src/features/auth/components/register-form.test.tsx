import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, demoProfile, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

type Registration = { name: string; email: string; password: string; confirmPassword: string };

async function register(values: Partial<Registration>) {
  const user = userEvent.setup();
  await screen.findByText('Create Account');
  if (values.name) await user.type(screen.getByLabelText(/name/i), values.name);
  if (values.email) await user.type(screen.getByLabelText(/email/i), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^password/i), values.password);
  if (values.confirmPassword) await user.type(screen.getByLabelText(/confirm/i), values.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

const ada: Registration = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
};

describe('customer registration', () => {
  it('requires all four fields', async () => {
    const { fetchStub } = stubApi({});
    renderApp('/register');

    await register({ ...ada, confirmPassword: '' });

    expect(await screen.findByText('All fields are required.')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('requires the passwords to match', async () => {
    const { fetchStub } = stubApi({});
    renderApp('/register');

    await register({ ...ada, confirmPassword: 'secret124' });

    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('requires a password of at least 6 characters', async () => {
    const { fetchStub } = stubApi({});
    renderApp('/register');

    await register({ ...ada, password: 'abc12', confirmPassword: 'abc12' });

    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('signs the new shopper in and opens the profile', async () => {
    const token = customerToken({ username: 'ada', email: ada.email });
    const profile = { ...demoProfile, username: 'ada', firstName: null, lastName: null, name: ada.name };
    const { requests } = stubApi({
      'POST /user/register': () =>
        json(201, {
          success: true,
          message: 'Registration successful.',
          token,
          data: { token, user: profile },
        }),
      'GET /user/profile': () =>
        json(200, { success: true, data: { ...profile, email: ada.email, totalOrders: 0 } }),
    });
    const { router } = renderApp('/register');

    await register(ada);

    expect(await screen.findByText(ada.email)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('shop.userToken')).toBe(token);
    expect(await requests[0]?.json()).toEqual(ada);
    expect(requests[1]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("shows the server's message when the email is taken", async () => {
    stubApi({
      'POST /user/register': () => apiError(409, 'CONFLICT', 'An account with this email already exists.'),
    });
    renderApp('/register');

    await register(ada);

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(localStorage.getItem('shop.userToken')).toBeNull();
  });

  it('falls back to its own message when the server gives none', async () => {
    stubApi({ 'POST /user/register': () => new Response('', { status: 500 }) });
    renderApp('/register');

    await register(ada);

    expect(await screen.findByText('Registration failed.')).toBeInTheDocument();
  });
});
