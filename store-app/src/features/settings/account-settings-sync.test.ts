import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSession } from '../../lib/session';
import { json, stubApi } from '../../test/network';
import { customerToken } from '../../test/tokens';
import { startAccountSettingsSync } from './account-settings-sync';
import { DEFAULT_SETTINGS, settingsStore } from './settings-store';

const saved = {
  shipToCountry: 'ES',
  currency: 'EUR',
  language: 'es',
  theme: 'dark',
  notifications: { orderUpdates: true, promotions: false },
};

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  customerSession.signOut();
});

describe('settings kept with the account', () => {
  it('applies the account’s settings on this device at sign-in', async () => {
    stubApi({ 'GET /user/settings': () => json(200, { success: true, data: saved }) });
    stop = startAccountSettingsSync(customerSession);
    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(settingsStore.get().language).toBe('es'));
    expect(settingsStore.get()).toEqual({
      shipToCountry: 'ES',
      currency: 'EUR',
      language: 'es',
      theme: 'dark',
    });
  });

  it('saves a later change to the account, and nothing while signed out', async () => {
    const { requests } = stubApi({
      'GET /user/settings': () => json(200, { success: true, data: saved }),
      'PUT /user/settings': () => json(200, { success: true, data: saved }),
    });
    stop = startAccountSettingsSync(customerSession);
    settingsStore.set({ ...DEFAULT_SETTINGS, currency: 'GBP' });
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(settingsStore.get().language).toBe('es'));
    settingsStore.set({ ...settingsStore.get(), currency: 'USD' });
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({
      shipToCountry: 'ES',
      currency: 'USD',
      language: 'es',
      theme: 'dark',
    });
  });

  it('gives an account that never saved settings this device’s choices', async () => {
    const { requests } = stubApi({
      'GET /user/settings': () =>
        json(200, {
          success: true,
          data: { ...DEFAULT_SETTINGS, notifications: { orderUpdates: true, promotions: true } },
        }),
      'PUT /user/settings': () => json(200, { success: true, data: saved }),
    });
    settingsStore.set({ ...DEFAULT_SETTINGS, language: 'hi' });
    stop = startAccountSettingsSync(customerSession);
    customerSession.signIn(customerToken());
    await vi.waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toMatchObject({ language: 'hi' });
    expect(settingsStore.get().language).toBe('hi');
  });
});
