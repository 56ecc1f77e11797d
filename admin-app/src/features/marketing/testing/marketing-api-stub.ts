import type { Schemas } from '@shop/sdk/types';

type Banner = Schemas['Banner'];

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A banner as GET /marketing/banners answers it: live, always, English only. */
export function makeBanner(n: number, overrides: Partial<Banner> = {}): Banner {
  return {
    id: uuid(n),
    placement: 'hero',
    title: { en: `Slide ${n}` },
    text: { en: '' },
    imageUrl: null,
    background: 'linear-gradient(120deg, #1864ab, #0b7285)',
    link: null,
    position: n - 1,
    startsAt: null,
    endsAt: null,
    enabled: true,
    status: 'live',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePost(
  n: number,
  overrides: Partial<Schemas['AdminBlogPost']> = {},
): Schemas['AdminBlogPost'] {
  return {
    id: uuid(100 + n),
    slug: `post-${n}`,
    title: `Post ${n}`,
    excerpt: '',
    coverUrl: null,
    status: 'draft',
    publishedAt: null,
    authorName: 'Store Admin',
    createdAt: '2026-11-10T10:00:00.000Z',
    updatedAt: '2026-11-12T10:00:00.000Z',
    bodyHtml: '<p>Body</p>',
    ...overrides,
  };
}

export const popupSettings: Schemas['PopupSettings'] = {
  enabled: false,
  title: { en: '' },
  text: { en: '' },
  imageUrl: null,
  link: null,
  everyDays: 7,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export const marketingFolders = [
  { id: uuid(900), name: 'Marketing', builtIn: true, fileCount: 1 },
  { id: uuid(901), name: 'Product', builtIn: true, fileCount: 0 },
  { id: uuid(902), name: 'Factory', builtIn: true, fileCount: 0 },
];

export function mediaFile(name: string) {
  return {
    id: uuid(950),
    folderId: uuid(900),
    name,
    url: `http://localhost:3000/media/uploads/${uuid(950)}.png`,
    contentType: 'image/png',
    kind: 'image',
    sizeBytes: 48_213,
    width: 1200,
    height: 600,
    uploadedBy: 'Store Admin',
    createdAt: '2026-11-20T10:00:00.000Z',
    usedBy: [],
  };
}
