import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, demoProfile, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

const profileAnswer = () => json(200, { success: true, data: demoProfile });

async function openManageAccount(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi({ 'GET /user/profile': profileAnswer, ...routes });
  customerSession.signIn(customerToken());
  renderApp('/profile/manage-account');
  await screen.findByRole('heading', { name: 'Manage Account' });
  return stub;
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('manage account: profile', () => {
  it('starts from the saved profile and sends the edited fields', async () => {
    const user = userEvent.setup();
    const { requests } = await openManageAccount({
      'PUT /user/profile': async (request) => {
        const body = (await request.json()) as Record<string, string>;
        return json(200, {
          success: true,
          message: 'Profile updated successfully!',
          data: { ...demoProfile, ...body },
        });
      },
    });
    const form = section('Profile Information');
    expect(form.getByRole('textbox', { name: 'First Name' })).toHaveValue('Demo');

    await user.clear(form.getByRole('textbox', { name: 'Phone' }));
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '+8801811111111');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({
      username: 'shopper',
      firstName: 'Demo',
      lastName: 'Shopper',
      email: 'shopper@example.com',
      phone: '+8801811111111',
      address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
    });
  });

  it("shows the server's message, and its field error beside the field", async () => {
    const user = userEvent.setup();
    await openManageAccount({
      'PUT /user/profile': () =>
        json(409, {
          success: false,
          code: 'CONFLICT',
          message: 'That username is taken.',
          errors: [{ path: '/username', message: 'Choose another username' }],
        }),
    });

    await user.click(section('Profile Information').getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('That username is taken.')).toBeInTheDocument();
    expect(screen.getByText('Choose another username')).toBeInTheDocument();
  });

  it('asks for the current password only when the email changes, and sends it with the new email', async () => {
    const user = userEvent.setup();
    const { requests } = await openManageAccount({
      'PUT /user/profile': async (request) => {
        const { currentPassword: _sent, ...body } = (await request.json()) as Record<string, string>;
        return json(200, {
          success: true,
          message: 'Profile updated successfully!',
          data: { ...demoProfile, ...body },
        });
      },
    });
    const form = section('Profile Information');
    expect(form.queryByLabelText(/Current Password/)).not.toBeInTheDocument();

    const email = form.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'moved@example.org');
    expect(form.getByText('Needed to change your email.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await form.findByText('Enter your current password to change your email.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(form.getByLabelText(/Current Password/), 'shopper123');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toMatchObject({ email: 'moved@example.org', currentPassword: 'shopper123' });
    // Saved: the new email is the one on file, so the password is not asked for again.
    await waitFor(() => expect(form.queryByLabelText(/Current Password/)).not.toBeInTheDocument());
  });

  it("shows the server's answer to a wrong current password beside that field", async () => {
    const user = userEvent.setup();
    await openManageAccount({
      'PUT /user/profile': () =>
        json(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Current password is incorrect.',
          errors: [{ path: '/currentPassword', message: 'Current password is incorrect.' }],
        }),
    });
    const form = section('Profile Information');
    const email = form.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'moved@example.org');
    await user.type(form.getByLabelText(/Current Password/), 'not-it');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await form.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(form.getByLabelText(/Current Password/)).toHaveAccessibleDescription(
      /Current password is incorrect/,
    );
  });

  it('falls back to its own message when the server gives none', async () => {
    const user = userEvent.setup();
    await openManageAccount({ 'PUT /user/profile': () => new Response('', { status: 500 }) });

    await user.click(section('Profile Information').getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});

describe('manage account: password', () => {
  async function changePassword(current: string, next: string, confirm: string) {
    const user = userEvent.setup();
    const form = section('Change Password');
    await user.type(form.getByLabelText('Current Password'), current);
    await user.type(form.getByLabelText('New Password'), next);
    await user.type(form.getByLabelText('Confirm New Password'), confirm);
    await user.click(form.getByRole('button', { name: 'Update Password' }));
  }

  it('requires the new passwords to match', async () => {
    const { requests } = await openManageAccount({});

    await changePassword('shopper123', 'brighter-days', 'brighter-nights');

    expect(await screen.findByText("New passwords don't match")).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('requires at least 6 characters', async () => {
    const { requests } = await openManageAccount({});

    await changePassword('shopper123', 'abc', 'abc');

    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('keeps the shopper signed in with the fresh token the change answers', async () => {
    const fresh = customerToken({ expiresInSeconds: 7200 });
    const { requests } = await openManageAccount({
      'PUT /user/password': () =>
        json(200, { success: true, message: 'Password updated successfully!', data: { token: fresh } }),
    });

    await changePassword('shopper123', 'brighter-days', 'brighter-days');

    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('shop.userToken')).toBe(fresh);
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({ currentPassword: 'shopper123', newPassword: 'brighter-days' });
    await waitFor(() => expect(section('Change Password').getByLabelText('New Password')).toHaveValue(''));
  });

  it("shows the server's message when the current password is wrong", async () => {
    await openManageAccount({
      'PUT /user/password': () => apiError(400, 'BAD_REQUEST', 'Current password is incorrect.'),
    });

    await changePassword('wrong-one', 'brighter-days', 'brighter-days');

    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(localStorage.getItem('shop.userToken')).not.toBeNull();
  });

  it('falls back to its own message when the server gives none', async () => {
    await openManageAccount({ 'PUT /user/password': () => new Response('', { status: 500 }) });

    await changePassword('shopper123', 'brighter-days', 'brighter-days');

    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
  });
});
