import { unwrap } from '@shop/sdk/client';
import type { SuccessBody } from '@shop/sdk/types';
import { api } from '../../lib/api';
import type { CustomerSession } from '../../lib/session';
import { DEFAULT_SETTINGS, type StoreSettings, settingsStore } from './settings-store';

type AccountSettings = SuccessBody<'getAccountSettings'>['data'];

const SHARED_KEYS = ['shipToCountry', 'currency', 'language', 'theme'] as const;

const sameChoices = (a: StoreSettings, b: Pick<StoreSettings, (typeof SHARED_KEYS)[number]>) =>
  SHARED_KEYS.every((key) => a[key] === b[key]);

const choicesOf = (settings: StoreSettings) =>
  Object.fromEntries(SHARED_KEYS.map((key) => [key, settings[key]])) as Pick<
    StoreSettings,
    (typeof SHARED_KEYS)[number]
  >;

type Choices = Pick<StoreSettings, (typeof SHARED_KEYS)[number]>;

/** The choices the account is known to hold, so a change already saved (by the settings page) is not sent twice. */
let accountHolds: Choices | null = null;

/** Called by whoever saved choices to the account themselves. */
export function rememberAccountChoices(choices: Choices): void {
  accountHolds = { ...choices };
}

/**
 * Keeps the storefront settings with the signed-in shopper's account: at sign-in the account's settings are
 * applied on this device (an account that never saved any takes this device's instead), and every later change,
 * from the settings modal or the settings page, is saved to the account. Signed out, they stay on the device.
 */
export function startAccountSettingsSync(session: CustomerSession): () => void {
  let syncedFor: string | null = null;
  let applying = false;

  async function pull(username: string) {
    let remote: AccountSettings;
    try {
      remote = (await unwrap(api.GET('/user/settings'))).data;
    } catch (error) {
      console.warn('Could not read the account settings', error);
      return;
    }
    if (session.getUser()?.username !== username) return;
    rememberAccountChoices(choicesOf({ ...settingsStore.get(), ...remote } as StoreSettings));
    const local = settingsStore.get();
    if (sameChoices(DEFAULT_SETTINGS, remote) && !sameChoices(local, remote)) {
      await push(local);
      return;
    }
    if (sameChoices(local, remote)) return;
    applying = true;
    try {
      settingsStore.set({ ...local, ...choicesOf({ ...local, ...remote } as StoreSettings) });
    } finally {
      applying = false;
    }
  }

  async function push(settings: StoreSettings) {
    const choices = choicesOf(settings);
    if (accountHolds && sameChoices(settings, accountHolds)) return;
    try {
      await unwrap(api.PUT('/user/settings', { body: choices }));
      rememberAccountChoices(choices);
    } catch (error) {
      console.warn('Could not save the settings to the account', error);
    }
  }

  function onSession() {
    const user = session.getUser();
    const name = user?.username ?? null;
    if (name === syncedFor) return;
    syncedFor = name;
    accountHolds = null;
    if (name) void pull(name);
  }

  const stopSession = session.subscribe(onSession);
  const stopSettings = settingsStore.subscribe(() => {
    if (applying || !session.isSignedIn()) return;
    void push(settingsStore.get());
  });
  onSession();
  return () => {
    stopSession();
    stopSettings();
  };
}
