import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, makeUser, stubApi } from './testing/users-api-stub';

const CREATE = 'POST /users';

describe('Create New User', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('names each missing or invalid field and sends nothing', async () => {
    const api = stubApi({});
    const { user } = renderApp('/manage-admin/users/create');
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.type(screen.getByLabelText(/Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.sentTo(CREATE)).toHaveLength(0);
  });

  it("creates the account and shows 'User created successfully!'", async () => {
    const api = stubApi({
      [CREATE]: () =>
        jsonResponse(201, dataEnvelope(makeUser(7, { name: 'Nusrat Jahan' }), 'User created successfully!')),
    });
    const { user } = renderApp('/manage-admin/users/create');
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Nusrat Jahan');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nusrat@example.com');
    await user.type(screen.getByLabelText(/Password/), 'Sunrise-2026');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User created successfully!')).toBeInTheDocument();
    expect(screen.queryByText(/mock/)).not.toBeInTheDocument();
    expect(api.sentTo(CREATE)[0]?.body).toEqual({
      name: 'Nusrat Jahan',
      email: 'nusrat@example.com',
      password: 'Sunrise-2026',
      role: 'user',
    });
    expect(screen.getByRole('link', { name: 'View Nusrat Jahan' })).toHaveAttribute(
      'href',
      '/manage-admin/users/details?id=u-7',
    );
  });

  it("shows the server's message when the account cannot be created", async () => {
    stubApi({
      [CREATE]: () =>
        jsonResponse(409, errorEnvelope('An account with this email already exists.', 'CONFLICT')),
    });
    const { user } = renderApp('/manage-admin/users/create');
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Twice');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'taken@example.com');
    await user.type(screen.getByLabelText(/Password/), 'Sunrise-2026');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An account with this email already exists.'),
    );
  });
});
