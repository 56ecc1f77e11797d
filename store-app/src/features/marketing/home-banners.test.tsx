import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageApplied } from '../../i18n/i18n';
import { apiError, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { listPage } from '../catalogue/testing/catalogue-fixtures';
import type { Language } from '../settings/settings-options';
import { settingsStore } from '../settings/settings-store';
import { banner, contentAnswer } from './testing/marketing-fixtures';

const summer = banner('summer', {
  title: { en: 'Summer sale', bn: 'গ্রীষ্মের সেল', es: 'Rebajas de verano', hi: 'समर सेल' },
  text: { en: 'Up to 30% off.', es: 'Hasta un 30 % menos.' },
  background: 'linear-gradient(120deg, #2b8a3e, #0b7285)',
  link: '/search/Home%20%26%20Kitchen',
});
const arrivals = banner('arrivals', {
  title: { en: 'New arrivals' },
  imageUrl: 'https://cdn.test/arrivals.jpg',
});
const gifts = banner('gifts', {
  placement: 'promo',
  title: { en: 'Gift cards', es: 'Tarjetas regalo' },
  text: { en: 'For every occasion.' },
  link: 'https://gifts.example.com/',
});
const returns = banner('returns', { placement: 'promo', title: { en: 'Easy Returns' } });

function stubHome(content = contentAnswer({ hero: [summer, arrivals], promo: [gifts, returns] })) {
  return stubApi({ 'GET /product/': () => listPage([]), 'GET /storefront/content': content });
}

async function chooseLanguage(language: Language) {
  await act(async () => {
    settingsStore.set({ ...settingsStore.get(), language });
    await languageApplied();
  });
}

describe('home banners from Marketing & Content', { timeout: 15_000 }, () => {
  it('shows the hero slides and promo tiles staff set up, with their links and pictures', async () => {
    const { content } = stubHome();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Featured' });
    const slides = within(hero).getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 2', '2 of 2']);
    expect(within(hero).getByRole('heading', { name: 'Summer sale' })).toBeInTheDocument();
    expect(within(hero).getByText('Up to 30% off.')).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Shop now' })).toHaveAttribute(
      'href',
      '#/search/Home%20%26%20Kitchen',
    );
    expect(slides[1]?.querySelector('img')).toHaveAttribute('src', 'https://cdn.test/arrivals.jpg');
    // The slide out of view keeps its contents out of reach.
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');

    const gift = screen.getByRole('link', { name: 'Gift cards' });
    expect(gift).toHaveAttribute('href', 'https://gifts.example.com/');
    expect(gift).toHaveAttribute('target', '_blank');
    expect(screen.getByText('For every occasion.')).toBeInTheDocument();
    expect(screen.getByText('Easy Returns')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Easy Returns' })).not.toBeInTheDocument();
    // The root layout and the home page share one read.
    expect(content).toHaveLength(1);
  });

  for (const [language, title, text, tile, label] of [
    ['es', 'Rebajas de verano', 'Hasta un 30 % menos.', 'Tarjetas regalo', 'Promociones'],
    ['bn', 'গ্রীষ্মের সেল', 'Up to 30% off.', 'Gift cards', 'বিশেষ অফার'],
    ['hi', 'समर सेल', 'Up to 30% off.', 'Gift cards', 'ख़ास ऑफ़र'],
  ] as const) {
    it(`shows them in ${language}, with English where staff left that language empty`, async () => {
      stubHome();
      await chooseLanguage(language);
      renderApp('/');
      const hero = await screen.findByRole('region', { name: label });
      expect(within(hero).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(within(hero).getByText(text)).toBeInTheDocument();
      expect(within(hero).getByRole('heading', { name: 'New arrivals', hidden: true })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: tile })).toBeInTheDocument();
      expect(screen.getByText('Easy Returns')).toBeInTheDocument();
    });
  }

  it('has no arrows or dots for a single slide, and no tiles column without tiles', async () => {
    stubHome(contentAnswer({ hero: [summer] }));
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Featured' });
    expect(within(hero).getByRole('heading', { name: 'Summer sale' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next slide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to slide 1' })).not.toBeInTheDocument();
  });

  it('draws nothing when there are no banners, or when they cannot be read, and still lists the top picks', async () => {
    stubHome(contentAnswer());
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
    first.unmount();

    stubHome(() => apiError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly.'));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Top Picks' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
    expect(screen.queryByText('Try again shortly.')).not.toBeInTheDocument();
  });
});
