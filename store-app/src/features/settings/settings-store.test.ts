import { describe, expect, it, vi } from 'vitest';

/** The store reads localStorage once, when its module loads (as on a page load). */
async function loadStoredSettings(stored: string) {
  localStorage.setItem('shop.settings', stored);
  vi.resetModules();
  const { settingsStore } = await import('./settings-store');
  return settingsStore.get();
}

describe('settings store', () => {
  it('reads back the settings an earlier visit saved', async () => {
    const saved = { shipToCountry: 'DE', currency: 'EUR', language: 'es', theme: 'dark' };
    expect(await loadStoredSettings(JSON.stringify(saved))).toEqual(saved);
  });

  it('replaces only the stored values it does not know, each with its default', async () => {
    const stored = { shipToCountry: 'XX', currency: 'EUR', language: 42, extra: true };
    expect(await loadStoredSettings(JSON.stringify(stored))).toEqual({
      shipToCountry: 'BD',
      currency: 'EUR',
      language: 'en',
      theme: 'light',
    });
  });

  it('uses the defaults when the stored entry is not an object', async () => {
    const defaults = { shipToCountry: 'BD', currency: 'USD', language: 'en', theme: 'light' };
    expect(await loadStoredSettings('["USD"]')).toEqual(defaults);
    expect(await loadStoredSettings('null')).toEqual(defaults);
  });
});
