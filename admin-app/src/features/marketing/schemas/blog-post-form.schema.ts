import type { RequestBody, Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { optionalImage } from './localized';

/** Write post and Edit post: the same fields; the server sanitises the HTML and makes a slug when none is given. */
export const blogPostFormSchema = z.object({
  title: z.string().trim().min(1, 'Give the post a title.').max(200, 'At most 200 characters'),
  slug: z
    .string()
    .trim()
    .max(120, 'At most 120 characters')
    .regex(
      /^([a-z0-9]+(-[a-z0-9]+)*)?$/,
      'Lower-case letters and digits joined by single dashes, e.g. gift-guide',
    ),
  excerpt: z.string().trim().max(500, 'At most 500 characters'),
  bodyHtml: z.string().max(200_000, 'At most 200,000 characters'),
  coverUrl: optionalImage,
  authorName: z.string().trim().max(120, 'At most 120 characters'),
  status: z.enum(['draft', 'published']),
}) satisfies z.ZodType<RequestBody<'createBlogPost'>>;

export type BlogPostFormValues = z.input<typeof blogPostFormSchema>;
export type BlogPostFormBody = z.output<typeof blogPostFormSchema>;

export const blogPostFormValues = (post: Schemas['AdminBlogPost'] | null): BlogPostFormValues => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  bodyHtml: post?.bodyHtml ?? '',
  coverUrl: post?.coverUrl ?? '',
  authorName: post?.authorName ?? '',
  status: post?.status ?? 'draft',
});
