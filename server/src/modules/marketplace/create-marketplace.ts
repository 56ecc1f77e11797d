import { createAliExpressMarketplace } from './aliexpress-marketplace.ts';
import { createFixtureMarketplace } from './fixture-marketplace.ts';
import type { MarketplaceAdapter } from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';

export interface MarketplaceConfig {
  /** `fixture` (default): the bundled offline catalogue. `aliexpress`: the Open Platform's API. */
  provider?: 'fixture' | 'aliexpress';
  /** Public origin of this server; the fixture pictures are served under it. */
  publicUrl: string;
  aliexpress?: {
    appKey?: string;
    appSecret?: string;
    accessToken?: string;
    apiUrl?: string;
    timeoutMs?: number;
  };
}

export function createMarketplace(config: MarketplaceConfig): MarketplaceAdapter {
  const provider = config.provider ?? 'fixture';
  if (provider === 'fixture') return createFixtureMarketplace({ publicUrl: config.publicUrl });
  if (provider !== 'aliexpress') {
    throw new MarketplaceError(
      'misconfigured',
      `Unknown marketplace provider "${String(provider)}"; use fixture or aliexpress.`,
    );
  }

  const keys = config.aliexpress ?? {};
  const appKey = keys.appKey?.trim() ?? '';
  const appSecret = keys.appSecret?.trim() ?? '';
  const accessToken = keys.accessToken?.trim() ?? '';
  const missing = [
    appKey ? '' : 'appKey (AE_APP_KEY)',
    appSecret ? '' : 'appSecret (AE_APP_SECRET)',
    accessToken ? '' : 'accessToken (AE_ACCESS_TOKEN)',
  ].filter(Boolean);
  if (missing.length > 0) {
    // Fail at start-up, not on the first import: a half-configured provider would only be refused later.
    throw new MarketplaceError('misconfigured', `The aliexpress marketplace needs ${missing.join(', ')}.`);
  }
  return createAliExpressMarketplace({
    appKey,
    appSecret,
    accessToken,
    ...(keys.apiUrl ? { apiUrl: keys.apiUrl } : {}),
    ...(keys.timeoutMs ? { timeoutMs: keys.timeoutMs } : {}),
  });
}
