import type { Schemas } from '@shop/sdk/types';
import { EMPTY_CONTENT, json } from '../../../test/network';

type Banner = Schemas['StorefrontBanner'];
type Content = Schemas['StorefrontContent'];

export function banner(id: string, overrides: Partial<Banner> = {}): Banner {
  return {
    id,
    placement: 'hero',
    title: { en: `Banner ${id}` },
    text: { en: '' },
    imageUrl: null,
    background: null,
    link: null,
    ...overrides,
  };
}

/** GET /storefront/content's answer: nothing set up, but what the test names. */
export function contentAnswer(overrides: Partial<Content> = {}) {
  return () => json(200, { success: true, data: { ...EMPTY_CONTENT, ...overrides } });
}

export function post(slug: string, overrides: Partial<Schemas['BlogPost']> = {}): Schemas['BlogPost'] {
  return {
    slug,
    title: `Post ${slug}`,
    excerpt: '',
    coverUrl: null,
    publishedAt: '2026-11-20T09:00:00.000Z',
    authorName: 'Store Admin',
    bodyHtml: '<p>Body</p>',
    ...overrides,
  };
}
