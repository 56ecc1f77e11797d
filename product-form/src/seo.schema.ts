import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

const SLUG = /^([a-z0-9]+(-[a-z0-9]+)*)?$/;

/** The SEO section. Every field may stay empty while saving a draft; the section is complete when filled. */
export const seoSchema = z.object({
  metaTitle: z.string().trim().max(200, 'Meta Title must be at most 200 characters.'),
  metaDescription: z.string().trim().max(500, 'Meta Description must be at most 500 characters.'),
  slug: z
    .string()
    .trim()
    .max(200, 'URL Slug must be at most 200 characters.')
    .regex(
      SLUG,
      'URL Slug may only hold lower-case letters and digits joined by single hyphens (e.g. canvas-tote-bag).',
    ),
  focusKeyword: z.string().trim().max(100, 'Focus Keyword must be at most 100 characters.'),
  index: z.boolean(),
}) satisfies z.ZodType<Schemas['ProductSeo']>;

export type SeoValues = z.input<typeof seoSchema>;

export const emptySeo: SeoValues = {
  metaTitle: '',
  metaDescription: '',
  slug: '',
  focusKeyword: '',
  index: true,
};

/** Progress counts SEO as done once the title, description and slug are set (and valid). */
export function isSeoComplete(values: SeoValues): boolean {
  return (
    seoSchema.safeParse(values).success &&
    values.metaTitle.trim() !== '' &&
    values.metaDescription.trim() !== '' &&
    values.slug.trim() !== ''
  );
}

/** 'Canvas Tote Bag, Large!' → 'canvas-tote-bag-large'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
}
