import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Schemas } from '@shop/sdk/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openingImage } from '../features/catalogue/lib/sku-options';
import { shirt, sku } from '../features/catalogue/testing/catalogue-fixtures';
import { LANGUAGE_CODES } from '../features/settings/settings-options';
import { DEFAULT_SETTINGS } from '../features/settings/settings-store';
import { SETTINGS_KEY } from '../lib/storage-keys';
import { EMPTY_CONTENT } from '../test/network';
import { CATEGORIES } from './shell/categories';

// What the app shows in each language: the same files it loads.
const locales = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** A text of the app, named as the shell names it: `namespace:path.to.key` (a category's name may hold spaces and &). */
function appText(language: string, name: string): unknown {
  const [namespace = '', path = ''] = name.split(':');
  const texts = locales[`../i18n/locales/${language}/${namespace}.json`];
  if (path.startsWith('category.')) return (texts?.category as Record<string, unknown>)?.[path.slice(9)];
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], texts);
}

// index.html draws the header and the home page's hero and tiles before the scripts arrive; it must say what
// the app says once it renders.
const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const shell = new DOMParser().parseFromString(html, 'text/html');
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

describe('the first-paint shell in index.html', () => {
  it('sits inside #root, so React replaces it on its first render', () => {
    expect(shell.querySelector('#root > .boot')).not.toBeNull();
  });

  it('draws the hero and the tiles blank: staff write their texts, which come from the API', () => {
    const hero = shell.querySelector('.boot-hero');
    expect(hero?.querySelector('h2, p')).toBeNull();
    const tiles = [...shell.querySelectorAll('.boot-tile')];
    expect(tiles).toHaveLength(2);
    expect(tiles.map((tile) => text(tile))).toEqual(['', '']);
  });

  it('links the brand home and every category to its search page', () => {
    expect(shell.querySelector('.boot-brand')?.getAttribute('href')).toBe('/');
    const links = [...shell.querySelectorAll('.boot-nav a')];
    expect(links.map((link) => text(link))).toEqual([...CATEGORIES]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      CATEGORIES.map((category) => `/search/${encodeURIComponent(category)}`),
    );
  });

  it('has a favicon the build serves', () => {
    const href = shell.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '';
    expect(href).toBe('/favicon.svg');
    expect(existsSync(resolve(import.meta.dirname, '../../public', href.slice(1)))).toBe(true);
  });

  it('reads the stored theme from the settings key the app uses', () => {
    const script = text(shell.querySelector('head script:not([src])'));
    expect(script).toContain(`localStorage.getItem('${SETTINGS_KEY}')`);
  });

  it('says in English, in its markup, what the app says in English', () => {
    const named = [...shell.querySelectorAll('.boot [data-t]')];
    expect(named.length).toBeGreaterThan(0);
    for (const element of named)
      expect(text(element)).toBe(appText('en', element.getAttribute('data-t') ?? ''));
    for (const element of shell.querySelectorAll('.boot [data-t-label]')) {
      expect(element.getAttribute('aria-label')).toBe(
        appText('en', element.getAttribute('data-t-label') ?? ''),
      );
    }
  });
});

describe('the first-paint shell in the stored language', () => {
  const script = shell.querySelector('#root script')?.textContent ?? '';
  const show = (language: string | null) => {
    if (language) localStorage.setItem(SETTINGS_KEY, JSON.stringify({ language }));
    document.body.innerHTML = shell.querySelector('#root')?.outerHTML ?? '';
    new Function(script)();
  };

  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
    document.documentElement.lang = 'en';
  });

  for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
    it(`shows the app's own ${language} texts, and sets the page's language`, () => {
      show(language);
      for (const element of document.querySelectorAll('.boot [data-t]')) {
        expect(text(element)).toBe(appText(language, element.getAttribute('data-t') ?? ''));
      }
      for (const element of document.querySelectorAll('.boot [data-t-label]')) {
        const label = appText(language, element.getAttribute('data-t-label') ?? '');
        expect(element.getAttribute('aria-label')).toBe(label);
      }
      expect(document.documentElement.lang).toBe(language);
      expect(text(document.querySelector('.boot-cta'))).not.toBe(appText('en', 'marketing:banner.cta'));
    });
  }

  it('stays English without a stored language, or with one it does not know', () => {
    for (const stored of [null, 'fr']) {
      show(stored);
      expect(text(document.querySelector('.boot-cta'))).toBe(appText('en', 'marketing:banner.cta'));
      expect(document.documentElement.lang).toBe('en');
    }
  });
});

describe('the product request in index.html', () => {
  const script = [...shell.querySelectorAll('head script:not([src])')]
    .map((element) => element.textContent ?? '')
    .find((source) => source.includes('__shopEarlyProduct'));
  /** Opens `address`: a path, or a hash link from before the store had paths. */
  const run = (address: string) => {
    if (address.startsWith('#')) window.location.hash = address;
    else window.history.replaceState(null, '', address);
    new Function(
      String(script)
        .replaceAll('__SHOP_API_URL__', 'http://api.test/api')
        .replaceAll('__SHOP_PRODUCT_ROUTE_CHUNKS__', '["/assets/product-route.js", "/assets/Divider.js"]'),
    )();
  };
  const preloaded = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  const fetchStub = () => {
    const stub = vi.fn(async () => new Response(JSON.stringify({ data: { _id: 'p 1' } })));
    vi.stubGlobal('fetch', stub);
    return stub;
  };

  afterEach(() => {
    window.__shopEarlyProduct = undefined;
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '';
    for (const name of ['data-boot-product', 'data-boot-home', 'data-mantine-color-scheme']) {
      document.documentElement.removeAttribute(name);
    }
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
    vi.unstubAllGlobals();
  });

  it('asks for the product of a product page, in the default settings', async () => {
    const stub = fetchStub();
    run('/products/p%201');
    expect(stub).toHaveBeenCalledWith(
      `http://api.test/api/product/p%201?country=${DEFAULT_SETTINGS.shipToCountry}&currency=${DEFAULT_SETTINGS.currency}`,
    );
    const early = window.__shopEarlyProduct;
    expect(early).toMatchObject({
      id: 'p 1',
      country: DEFAULT_SETTINGS.shipToCountry,
      currency: DEFAULT_SETTINGS.currency,
    });
    expect(await early?.body).toEqual({ data: { _id: 'p 1' } });
  });

  it('asks for the product of a hash link from before, which names the same page', () => {
    const stub = fetchStub();
    run('#/products/p1?tab=reviews');
    expect(stub).toHaveBeenCalledWith(
      `http://api.test/api/product/p1?country=${DEFAULT_SETTINGS.shipToCountry}&currency=${DEFAULT_SETTINGS.currency}`,
    );
  });

  it('preloads the product route code the build listed', () => {
    fetchStub();
    run('#/products/p1');
    expect(preloaded()).toEqual(['/assets/product-route.js', '/assets/Divider.js']);
  });

  it('asks in the stored ship-to country and currency', () => {
    const stub = fetchStub();
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ shipToCountry: 'FR', currency: 'EUR' }));
    run('/products/p1?tab=reviews');
    expect(stub).toHaveBeenCalledWith('http://api.test/api/product/p1?country=FR&currency=EUR');
  });

  it('asks for nothing on other pages', () => {
    const stub = fetchStub();
    for (const address of ['/cart', '/search/Books', '/products', '/blog', '#/cart', '#/blog']) run(address);
    expect(stub).not.toHaveBeenCalled();
    expect(window.__shopEarlyProduct).toBeUndefined();
    expect(preloaded()).toEqual([]);
  });

  it('draws the picture the product page opens on, where the gallery will show it', async () => {
    for (const product of [
      shirt(),
      shirt({ skus: [sku('plain', { size: [1, 'S'] })] }),
      shirt({ skus: [], images: ['https://img.test/only.jpg'] }),
    ]) {
      document.body.innerHTML = shell.querySelector('#root')?.outerHTML ?? '';
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ success: true, data: product }))),
      );
      run('#/products/shirt');
      await window.__shopEarlyProduct?.body;
      await new Promise((resolve) => setTimeout(resolve));
      const picture = document.querySelector('.boot-picture img');
      expect(picture?.getAttribute('src')).toBe(openingImage(product));
      expect(picture?.getAttribute('alt')).toBe(product.name);
      expect(picture?.getAttribute('fetchpriority')).toBe('high');
    }
    expect(document.documentElement.hasAttribute('data-boot-product')).toBe(true);
  });

  it('turns a failed answer into a rejection the loader can catch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    run('#/products/p1');
    await expect(window.__shopEarlyProduct?.body).rejects.toThrow('The API answered 404');
  });
});

describe('the banners in index.html', () => {
  const script = [...shell.querySelectorAll('head script:not([src])')]
    .map((element) => element.textContent ?? '')
    .find((source) => source.includes('__shopEarlyContent'));
  const localize = shell.querySelector('#root script')?.textContent ?? '';
  const content = (overrides: Partial<Schemas['StorefrontContent']> = {}): Schemas['StorefrontContent'] => ({
    ...EMPTY_CONTENT,
    hero: [
      banner(
        'h1',
        'hero',
        { en: 'Summer sale', es: 'Rebajas', bn: ' ' },
        'linear-gradient(120deg, #2b8a3e, #0b7285)',
      ),
      banner('h2', 'hero', { en: 'Second' }, null),
    ],
    promo: [banner('p1', 'promo', { en: 'Gift cards', es: 'Tarjetas' }, '#fff3bf')],
    ...overrides,
  });
  function banner(
    id: string,
    placement: 'hero' | 'promo',
    title: Schemas['LocalizedText'],
    background: string | null,
  ): Schemas['StorefrontBanner'] {
    return { id, placement, title, text: { en: `${title.en} text` }, imageUrl: null, background, link: null };
  }
  const open = async (answer: Schemas['StorefrontContent'], language?: string) => {
    if (language) localStorage.setItem(SETTINGS_KEY, JSON.stringify({ language }));
    document.body.innerHTML = shell.querySelector('#root')?.outerHTML ?? '';
    new Function(localize)();
    const stub = vi.fn(async () => new Response(JSON.stringify({ success: true, data: answer })));
    vi.stubGlobal('fetch', stub);
    window.location.hash = '#/';
    new Function(
      String(script)
        .replaceAll('__SHOP_API_URL__', 'http://api.test/api')
        .replaceAll('__SHOP_PRODUCT_ROUTE_CHUNKS__', '[]'),
    )();
    await window.__shopEarlyContent?.body;
    await new Promise((resolve) => setTimeout(resolve));
    return stub;
  };

  afterEach(() => {
    window.__shopEarlyContent = undefined;
    localStorage.clear();
    window.location.hash = '';
    document.body.innerHTML = '';
    document.documentElement.lang = 'en';
    for (const name of ['data-boot-home', 'data-mantine-color-scheme'])
      document.documentElement.removeAttribute(name);
    vi.unstubAllGlobals();
  });

  it('asks for them on the home page, and draws the first slide and the tiles as the app does', async () => {
    const stub = await open(content());
    expect(stub).toHaveBeenCalledWith('http://api.test/api/storefront/content');
    const hero = document.querySelector<HTMLElement>('.boot-hero');
    expect(text(hero?.querySelector('h2') ?? null)).toBe('Summer sale');
    expect(text(hero?.querySelector('p') ?? null)).toBe('Summer sale text');
    expect(hero?.style.background).toContain('linear-gradient');
    expect(hero?.querySelectorAll('.boot-dots i')).toHaveLength(2);
    expect(hero?.querySelector('.boot-cta')).toBeNull();
    const tiles = [...document.querySelectorAll<HTMLElement>('.boot-tile')];
    expect(tiles.map((tile) => [text(tile.querySelector('b')), text(tile.querySelector('span'))])).toEqual([
      ['Gift cards', 'Gift cards text'],
    ]);
  });

  it('draws them in the stored language, with English for a text left empty', async () => {
    await open(content(), 'es');
    expect(text(document.querySelector('.boot-hero h2'))).toBe('Rebajas');
    expect(text(document.querySelector('.boot-tile b'))).toBe('Tarjetas');
    document.body.innerHTML = '';
    await open(content(), 'bn');
    expect(text(document.querySelector('.boot-hero h2'))).toBe('Summer sale');
    expect(text(document.querySelector('.boot-cta'))).toBeUndefined();
  });

  it('shows the slide’s button, in the stored language, when it links somewhere', async () => {
    const [first] = content().hero;
    await open(
      content({ hero: [{ ...(first as Schemas['StorefrontBanner']), link: '/search/Books' }] }),
      'hi',
    );
    const hero = document.querySelector('.boot-hero');
    expect(text(hero?.querySelector('.boot-cta') ?? null)).toBe(appText('hi', 'marketing:banner.cta'));
    expect(hero?.querySelector('.boot-dots')).toBeNull();
  });

  it('leaves out what staff have not set up', async () => {
    await open(content({ promo: [] }));
    expect(document.querySelector('.boot-tiles')).toBeNull();
    expect(document.querySelector('.boot-home')?.hasAttribute('data-only-hero')).toBe(true);
    await open(content({ hero: [] }));
    expect(document.querySelector('.boot-hero')).toBeNull();
    expect(document.querySelector('.boot-home')?.hasAttribute('data-only-tiles')).toBe(true);
    await open(EMPTY_CONTENT);
    expect(document.querySelector('.boot-home')).toBeNull();
  });

  it('keeps the blank shapes when the answer fails, and lets the app ask again', async () => {
    document.body.innerHTML = shell.querySelector('#root')?.outerHTML ?? '';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    window.location.hash = '';
    new Function(
      String(script).replaceAll('__SHOP_API_URL__', '').replaceAll('__SHOP_PRODUCT_ROUTE_CHUNKS__', '[]'),
    )();
    await expect(window.__shopEarlyContent?.body).rejects.toThrow('The API answered 503');
    expect(document.querySelectorAll('.boot-tile')).toHaveLength(2);
    expect(document.querySelector('.boot-hero h2')).toBeNull();
  });
});
