import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

/** At most this many pictures per product (the contract's limit). */
export const MAX_IMAGES = 20;

/** Spec 1 §2.12 media item: id, url, name, size, isDefault, order (the file itself is on the server by then). */
const mediaItem = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  /** Bytes; unknown for pictures that came without one (imported products). */
  size: z.number().int().min(0).optional(),
  isDefault: z.boolean(),
  order: z.number().int().min(0),
});

export type MediaItem = z.infer<typeof mediaItem>;

/** The Images & Media step: uploaded pictures in their order, and an optional video address. */
export const mediaSchema = z.object({
  images: z
    .array(mediaItem)
    .max(MAX_IMAGES, `A product can have at most ${MAX_IMAGES} images.`)
    .transform((items) => {
      // Exactly one default picture: the marked one, else the first.
      const defaultIndex = Math.max(
        items.findIndex((item) => item.isDefault),
        0,
      );
      return items.map((item, index): Schemas['ProductImage'] => ({
        url: item.url,
        name: item.name,
        size: item.size,
        isDefault: index === defaultIndex,
        order: index,
      }));
    }),
  videoUrl: z
    .string()
    .trim()
    .max(2000, 'Video URL must be at most 2000 characters.')
    .refine(
      (url) => url === '' || /^https?:\/\/\S+$/.test(url),
      'Enter a video address starting with http:// or https://.',
    )
    .transform((url) => (url === '' ? null : url)),
});

export type MediaValues = z.input<typeof mediaSchema>;

export const emptyMedia: MediaValues = { images: [], videoUrl: '' };

/** Sizes are shown in MB with two decimals (spec 1 §2.12). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
