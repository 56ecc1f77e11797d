import { formatMoney } from '@shop/ui/format';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES, languageApplied } from '../../i18n/i18n';
import { stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { listPage } from '../catalogue/testing/catalogue-fixtures';
import { settingsStore } from '../settings/settings-store';
import { banner, contentAnswer } from './testing/marketing-fixtures';

const deals = banner('deals', {
  title: { en: 'Deals that ship free', hi: 'फ़्री शिपिंग वाली डील्स' },
  text: {
    en: 'Free shipping on orders over {freeShippingAbove}, and a 7-day return window.',
    hi: '{freeShippingAbove} से ज़्यादा के ऑर्डर पर फ़्री शिपिंग, और 7 दिन में रिटर्न।',
  },
});
const arrivals = banner('arrivals', { title: { en: 'New arrivals every week' } });
const tile = banner('free', {
  placement: 'promo',
  title: { en: 'Free Shipping', hi: 'फ़्री शिपिंग' },
  text: { en: 'On orders over {freeShippingAbove}.', hi: '{freeShippingAbove} से ज़्यादा के ऑर्डर पर।' },
});
const returns = banner('returns', { placement: 'promo', title: { en: 'Easy Returns' } });

function stubHome(freeShippingAbove: Record<string, number> | null) {
  return stubApi({
    'GET /product/': () => listPage([]),
    'GET /storefront/content': contentAnswer({
      hero: [deals, arrivals],
      promo: [tile, returns],
      freeShippingAbove,
    }),
  });
}

describe('the free-shipping promise on the home page', { timeout: 15_000 }, () => {
  it('states the threshold staff set, in the shopper currency and language', async () => {
    stubHome({ USD: 15, BDT: 1822.5, INR: 1329 });
    renderApp('/');

    const hero = await screen.findByRole('region', { name: 'Featured' });
    expect(
      within(hero).getByText('Free shipping on orders over $15.00, and a 7-day return window.'),
    ).toBeVisible();
    expect(screen.getByText('On orders over $15.00.')).toBeInTheDocument();
    expect(screen.queryByText(/\{freeShippingAbove\}|100/)).not.toBeInTheDocument();

    await act(async () => {
      settingsStore.set({ ...settingsStore.get(), language: 'hi', currency: 'INR' });
      await languageApplied();
    });
    const rupees = formatMoney(1329, 'INR', LOCALES.hi);
    expect(await screen.findByText(`${rupees} से ज़्यादा के ऑर्डर पर।`)).toBeInTheDocument();
    expect(
      screen.getByText(`${rupees} से ज़्यादा के ऑर्डर पर फ़्री शिपिंग, और 7 दिन में रिटर्न।`, { exact: true }),
    ).toBeInTheDocument();
  });

  it('leaves the promise out when the store offers no free shipping, keeping the other banners', async () => {
    stubHome(null);
    renderApp('/');

    const hero = await screen.findByRole('region', { name: 'Featured' });
    expect(within(hero).getByRole('heading', { name: 'New arrivals every week' })).toBeInTheDocument();
    expect(screen.getByText('Easy Returns')).toBeInTheDocument();
    expect(screen.queryByText('Deals that ship free')).not.toBeInTheDocument();
    expect(screen.queryByText('Free Shipping')).not.toBeInTheDocument();
    expect(screen.queryByText(/freeShippingAbove/)).not.toBeInTheDocument();
  });
});
