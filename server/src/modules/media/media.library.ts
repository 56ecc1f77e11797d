import { and, asc, count, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../../db/client.ts';
import {
  banners,
  blogPosts,
  mediaFiles,
  mediaFolders,
  products,
  storefrontPopup,
  storeSettings,
  stores,
} from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { type ActivityEntry, withActivity } from '../activity/index.ts';
import { CONTENT_TYPES, kindGroup, type LibraryKind, storeImage, UPLOADS_FOLDER } from './media.files.ts';
import type { MediaStore } from './media.store.ts';

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export const MEDIA_PAGE_SIZE = 12;
/** Files go here when no folder is chosen, such as the product wizard's pictures. */
export const PRODUCT_FOLDER = 'Product';

export interface MediaLinks {
  cdnEnabled: boolean;
  cdnBaseUrl: string | null;
}

export async function readMediaSettings(db: Database): Promise<MediaLinks> {
  const [row] = await db
    .select({ cdnEnabled: storeSettings.mediaCdnEnabled, cdnBaseUrl: storeSettings.mediaCdnBaseUrl })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return row ?? { cdnEnabled: false, cdnBaseUrl: null };
}

export async function writeMediaSettings(db: Database, settings: MediaLinks): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ id: 1, mediaCdnEnabled: settings.cdnEnabled, mediaCdnBaseUrl: settings.cdnBaseUrl })
    .onConflictDoUpdate({
      target: storeSettings.id,
      set: {
        mediaCdnEnabled: settings.cdnEnabled,
        mediaCdnBaseUrl: settings.cdnBaseUrl,
        updatedAt: new Date(),
      },
    });
}

/** The address a stored file is served at: through the CDN when it is on, the API's own otherwise. */
export function mediaUrl(links: MediaLinks, publicUrl: string, storedName: string): string {
  const base = links.cdnEnabled && links.cdnBaseUrl ? links.cdnBaseUrl : publicUrl;
  return `${base.replace(/\/+$/, '')}/media/${UPLOADS_FOLDER}/${storedName}`;
}

export async function listFolders(db: Database) {
  return db
    .select({
      id: mediaFolders.id,
      name: mediaFolders.name,
      builtIn: mediaFolders.builtIn,
      fileCount: count(mediaFiles.id),
    })
    .from(mediaFolders)
    .leftJoin(mediaFiles, eq(mediaFiles.folderId, mediaFolders.id))
    .groupBy(mediaFolders.id)
    .orderBy(
      desc(mediaFolders.builtIn),
      sql`array_position(array['Marketing', 'Product', 'Factory'], ${mediaFolders.name})`,
      asc(mediaFolders.createdAt),
      asc(mediaFolders.name),
    );
}

export async function findFolder(db: Database, id: string) {
  const [row] = await db.select().from(mediaFolders).where(eq(mediaFolders.id, id));
  return row ?? null;
}

export async function findFolderByName(db: Database, name: string) {
  const [row] = await db.select().from(mediaFolders).where(sql`lower(${mediaFolders.name}) = lower(${name})`);
  return row ?? null;
}

export async function findFile(db: Database, id: string) {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row ?? null;
}

export async function listFiles(
  db: Database,
  filter: { folderId?: string | undefined; q?: string | undefined; imagesOnly?: boolean | undefined },
  page: number,
  limit: number,
) {
  const conditions: (SQL | undefined)[] = [
    filter.folderId ? eq(mediaFiles.folderId, filter.folderId) : undefined,
    filter.q ? ilike(mediaFiles.name, containsPattern(filter.q)) : undefined,
    filter.imagesOnly ? like(mediaFiles.contentType, 'image/%') : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mediaFiles)
      .where(where)
      .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(mediaFiles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The products and stores that show each stored file, by name. Links are full addresses whose base may have
 * changed (CDN on or off), so the stored name alone is matched; it is a random id, never part of anything else.
 */
export async function usersOf(db: Database, storedNames: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(storedNames.map((name) => [name, []]));
  if (storedNames.length === 0) return found;
  // Stored names are a uuid and an extension: only the dots need escaping in the pattern.
  const pattern = storedNames.map((name) => name.replaceAll('.', '\\.')).join('|');
  const productRefs = sql<string>`${products.images}::text || ${products.media}::text`;
  const storeRefs = sql<string>`coalesce(${stores.logoUrl}, '')`;
  // Marketing & Content's pictures: banners, the popup, and blog covers and the pictures in their bodies.
  const bannerRefs = sql<string>`coalesce(${banners.imageUrl}, '')`;
  const popupRefs = sql<string>`coalesce(${storefrontPopup.imageUrl}, '')`;
  const postRefs = sql<string>`coalesce(${blogPosts.coverUrl}, '') || ${blogPosts.bodyHtml}`;
  const [productRows, storeRows, bannerRows, popupRows, postRows] = await Promise.all([
    db
      .select({ label: products.title, refs: productRefs })
      .from(products)
      .where(sql`${productRefs} ~ ${pattern}`)
      .orderBy(asc(products.title)),
    db
      .select({ label: stores.name, refs: storeRefs })
      .from(stores)
      .where(sql`${storeRefs} ~ ${pattern}`)
      .orderBy(asc(stores.name)),
    db
      .select({ label: sql<string>`${banners.title}->>'en'`, refs: bannerRefs })
      .from(banners)
      .where(sql`${bannerRefs} ~ ${pattern}`)
      .orderBy(asc(banners.placement), asc(banners.position)),
    db
      .select({ label: sql<string>`'Storefront'`, refs: popupRefs })
      .from(storefrontPopup)
      .where(sql`${popupRefs} ~ ${pattern}`),
    db
      .select({ label: blogPosts.title, refs: postRefs })
      .from(blogPosts)
      .where(sql`${postRefs} ~ ${pattern}`)
      .orderBy(asc(blogPosts.title)),
  ]);
  for (const [kind, rows] of [
    ['Product', productRows],
    ['Store', storeRows],
    ['Banner', bannerRows],
    ['Popup', popupRows],
    ['Blog post', postRows],
  ] as const) {
    for (const row of rows) {
      for (const name of storedNames)
        if (row.refs.includes(name)) found.get(name)?.push(`${kind}: ${row.label}`);
    }
  }
  return found;
}

/** Points every product image, store logo and marketing picture at the new stored name (Replace). */
export async function moveReferences(db: Database, from: string, to: string): Promise<void> {
  await db
    .update(products)
    .set({
      images: sql`replace(${products.images}::text, ${from}, ${to})::jsonb`,
      media: sql`replace(${products.media}::text, ${from}, ${to})::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      or(
        sql`position(${from} in ${products.images}::text) > 0`,
        sql`position(${from} in ${products.media}::text) > 0`,
      ),
    );
  await db
    .update(stores)
    .set({ logoUrl: sql`replace(${stores.logoUrl}, ${from}, ${to})`, updatedAt: new Date() })
    .where(sql`position(${from} in coalesce(${stores.logoUrl}, '')) > 0`);
  await db
    .update(banners)
    .set({ imageUrl: sql`replace(${banners.imageUrl}, ${from}, ${to})`, updatedAt: new Date() })
    .where(sql`position(${from} in coalesce(${banners.imageUrl}, '')) > 0`);
  await db
    .update(storefrontPopup)
    .set({ imageUrl: sql`replace(${storefrontPopup.imageUrl}, ${from}, ${to})`, updatedAt: new Date() })
    .where(sql`position(${from} in coalesce(${storefrontPopup.imageUrl}, '')) > 0`);
  await db
    .update(blogPosts)
    .set({
      coverUrl: sql`replace(${blogPosts.coverUrl}, ${from}, ${to})`,
      bodyHtml: sql`replace(${blogPosts.bodyHtml}, ${from}, ${to})`,
      updatedAt: new Date(),
    })
    .where(
      or(
        sql`position(${from} in coalesce(${blogPosts.coverUrl}, '')) > 0`,
        sql`position(${from} in ${blogPosts.bodyHtml}) > 0`,
      ),
    );
}

/**
 * Pictures are decoded whole to be converted or resized (four bytes a pixel and more): above this count a
 * small file can take minutes and gigabytes. Uploads declaring more are refused, and decoding stops at it.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const PICTURE_TOO_LARGE = 'The picture is too large: at most 40 megapixels.';

/** Width and height of a picture as its header declares them, or nulls when it is not one sharp can read. */
export async function measure(bytes: Uint8Array): Promise<{ width: number | null; height: number | null }> {
  try {
    // Only the header is read, nothing decoded: no pixel limit needed to learn the size (and compare it below).
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return { width: width ?? null, height: height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/** The picture declares more pixels than the store processes or keeps. */
export const tooManyPixels = (size: { width: number | null; height: number | null }) =>
  (size.width ?? 0) * (size.height ?? 0) > MAX_IMAGE_PIXELS;

/**
 * The size a picture declares, read from its header before anything is stored; 413 over the pixel limit.
 * Files that are not pictures have none.
 */
export async function pictureSizeOrRefuse(
  bytes: Uint8Array,
  kind: string,
): Promise<{ width: number | null; height: number | null }> {
  if (kindGroup(kind) !== 'image') return { width: null, height: null };
  const size = await measure(bytes);
  if (tooManyPixels(size)) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', PICTURE_TOO_LARGE);
  return size;
}

/**
 * Stores the bytes, then records the file in a library folder together with its activity entry (one
 * transaction). The bytes go first, outside the transaction (they may travel to S3); if the row or its entry
 * cannot be written, the stored bytes are removed again.
 */
export async function keepFile(
  db: Database,
  media: MediaStore,
  file: { folderId: string; name: string; bytes: Uint8Array; kind: LibraryKind | 'gif'; uploadedBy: string },
  activity: (row: MediaFileRow) => ActivityEntry,
): Promise<MediaFileRow> {
  const { bytes, kind } = file;
  const size = await pictureSizeOrRefuse(bytes, kind);
  const storedName = await storeImage(media, bytes, kind);
  try {
    return await withActivity(
      db,
      async (tx) => {
        const [row] = await tx
          .insert(mediaFiles)
          .values({
            folderId: file.folderId,
            name: file.name,
            storedName,
            contentType: CONTENT_TYPES[kind],
            sizeBytes: bytes.length,
            ...size,
            uploadedBy: file.uploadedBy,
          })
          .returning();
        if (!row) throw new Error('media file not recorded');
        return row;
      },
      activity,
    );
  } catch (error) {
    await media.remove(storedName).catch(() => undefined);
    throw error;
  }
}

export type ProcessRequest =
  | { action: 'compress'; quality?: number | undefined }
  | { action: 'convert'; format: 'jpg' | 'png' | 'webp' }
  | { action: 'resize'; width?: number | undefined; height?: number | undefined };

const FORMAT_OF: Record<string, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export class ProcessRefused extends Error {}

/** Re-encodes a picture; answers the new bytes, their format and the name the copy gets. */
export async function processPicture(
  file: Pick<MediaFileRow, 'name' | 'contentType'>,
  bytes: Uint8Array,
  request: ProcessRequest,
): Promise<{ bytes: Buffer; format: 'jpg' | 'png' | 'webp'; name: string }> {
  const current = FORMAT_OF[file.contentType];
  if (!current)
    throw new ProcessRefused('Only pictures (JPG, PNG or WebP) can be compressed, converted or resized.');
  const stem = file.name.replace(/\.[^.]*$/, '') || 'image';
  const encode = (image: Sharp, format: 'jpg' | 'png' | 'webp', quality?: number) =>
    format === 'jpg'
      ? image.jpeg({ quality: quality ?? 80, mozjpeg: true })
      : format === 'png'
        ? image.png({ compressionLevel: 9, ...(quality ? { palette: true, quality } : {}) })
        : image.webp({ quality: quality ?? 80 });
  if (tooManyPixels(await measure(bytes))) throw new ProcessRefused(PICTURE_TOO_LARGE);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    if (request.action === 'compress') {
      const quality = request.quality ?? 75;
      const out = await encode(image, current, quality).toBuffer();
      return { bytes: out, format: current, name: `${stem}-q${quality}.${current}` };
    }
    if (request.action === 'convert') {
      const out = await encode(image, request.format).toBuffer();
      return { bytes: out, format: request.format, name: `${stem}.${request.format}` };
    }
    if (!request.width && !request.height)
      throw new ProcessRefused('Give a width, a height or both to resize.');
    const resized = image.resize({
      width: request.width,
      height: request.height,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { data, info } = await encode(resized, current).toBuffer({ resolveWithObject: true });
    return { bytes: data, format: current, name: `${stem}-${info.width}x${info.height}.${current}` };
  } catch (error) {
    if (error instanceof ProcessRefused) throw error;
    throw new ProcessRefused('The picture could not be read.');
  }
}
