import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HERO_SLIDES, PROMO_TILES } from '../features/catalogue/components/hero-banner';
import { SETTINGS_KEY } from '../lib/storage-keys';
import { CATEGORIES } from './shell/categories';

// index.html draws the header and the home page's hero and tiles before the scripts arrive; it must say what
// the app says once it renders.
const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const shell = new DOMParser().parseFromString(html, 'text/html');
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

describe('the first-paint shell in index.html', () => {
  it('sits inside #root, so React replaces it on its first render', () => {
    expect(shell.querySelector('#root > .boot')).not.toBeNull();
  });

  it('shows the first hero slide as the app draws it', () => {
    const hero = shell.querySelector('.boot-hero');
    expect(text(hero?.querySelector('h2') ?? null)).toBe(HERO_SLIDES[0].title);
    expect(text(hero?.querySelector('p') ?? null)).toBe(HERO_SLIDES[0].text);
    expect(hero?.querySelectorAll('.boot-dots i')).toHaveLength(HERO_SLIDES.length);
    const css = text(shell.querySelector('style'));
    expect(css).toContain(`background: ${HERO_SLIDES[0].background}`);
  });

  it('shows the two promo tiles', () => {
    const tiles = [...shell.querySelectorAll('.boot-tile')].map((tile) => ({
      title: text(tile.querySelector('b')),
      text: text(tile.querySelector('span')),
    }));
    expect(tiles).toEqual(PROMO_TILES.map(({ title, text }) => ({ title, text })));
  });

  it('links the brand home and every category to its search page', () => {
    expect(shell.querySelector('.boot-brand')?.getAttribute('href')).toBe('#/');
    const links = [...shell.querySelectorAll('.boot-nav a')];
    expect(links.map((link) => text(link))).toEqual([...CATEGORIES]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      CATEGORIES.map((category) => `#/search/${encodeURIComponent(category)}`),
    );
  });

  it('reads the stored theme from the settings key the app uses', () => {
    const script = text(shell.querySelector('head script:not([src])'));
    expect(script).toContain(`localStorage.getItem('${SETTINGS_KEY}')`);
  });
});
