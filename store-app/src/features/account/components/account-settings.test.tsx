import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import { settingsStore } from '../../settings/settings-store';

const onServer = {
  shipToCountry: 'BD',
  currency: 'USD',
  language: 'en',
  theme: 'light',
  notifications: { orderUpdates: true, promotions: true },
};

describe('profile settings', () => {
  it('saves the shopping choices to the account, then applies them on this device', async () => {
    const { requests } = stubApi({
      'GET /user/settings': () => json(200, { success: true, data: onServer }),
      'PUT /user/settings': async (request) =>
        json(200, { success: true, data: { ...onServer, ...((await request.json()) as object) } }),
    });
    customerSession.signIn(customerToken());
    renderApp('/profile/settings');

    const choices = within(await screen.findByRole('form', { name: 'Shopping preferences' }));
    await userEvent.click(choices.getByRole('combobox', { name: 'Currency' }));
    await userEvent.click(await screen.findByRole('option', { name: 'EUR - Euro' }));
    await userEvent.click(choices.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(settingsStore.get().currency).toBe('EUR'));
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({
      shipToCountry: 'BD',
      currency: 'EUR',
      language: 'en',
      theme: 'light',
    });
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
  });

  it('keeps notifications on the account, and keeps the device as it was when the server refuses', async () => {
    const { requests } = stubApi({
      'GET /user/settings': () => json(200, { success: true, data: onServer }),
      'PUT /user/settings': async (request) => {
        const body = (await request.json()) as { notifications?: object };
        return body.notifications
          ? json(200, { success: true, data: { ...onServer, notifications: body.notifications } })
          : apiError(400, 'VALIDATION_ERROR', 'Please check the highlighted fields.');
      },
    });
    customerSession.signIn(customerToken());
    renderApp('/profile/settings');

    const notifications = within(await screen.findByRole('form', { name: 'Notifications' }));
    await userEvent.click(notifications.getByRole('switch', { name: /Offers and news/ }));
    await userEvent.click(notifications.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(await requests.find((request) => request.method === 'PUT')?.json()).toEqual({
      notifications: { orderUpdates: true, promotions: false },
    });

    const choices = within(screen.getByRole('form', { name: 'Shopping preferences' }));
    await userEvent.click(choices.getByRole('combobox', { name: 'Theme' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dark' }));
    await userEvent.click(choices.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please check the highlighted fields.')).toBeInTheDocument();
    expect(settingsStore.get().theme).toBe('light');
  });
});
