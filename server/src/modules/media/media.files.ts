import { randomUUID } from 'node:crypto';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** A backup file brought back for restoring (Backup & Restore). */
export const MAX_BACKUP_UPLOAD_BYTES = 200 * 1024 * 1024;
export const UPLOADS_FOLDER = 'uploads';
export const TOO_LARGE = 'The image is larger than 10 MB.';
export const NOT_AN_IMAGE = 'Only PNG, JPG, GIF or WebP images can be uploaded.';

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The picture format the file's first bytes announce, or null. The name and the declared type are the
 * sender's word; the bytes are what a browser will decode. SVG is refused on purpose: it can carry script.
 */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** What the File & Media Manager takes (spec 2 §9): JPG, PNG, MP4, PDF, WebP. */
export type LibraryKind = 'png' | 'jpg' | 'webp' | 'mp4' | 'pdf';
export const FILE_TOO_LARGE = 'The file is larger than 10 MB.';
export const NOT_A_LIBRARY_FILE = 'Only JPG, PNG, MP4, PDF or WebP files can be uploaded.';

/** The library format the first bytes announce (an ISO media `ftyp` box for MP4), or null. */
export function libraryKind(bytes: Uint8Array): LibraryKind | null {
  const image = imageKind(bytes);
  if (image === 'png' || image === 'jpg' || image === 'webp') return image;
  if (image === null && startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  return null;
}

export const kindGroup = (kind: string): 'image' | 'video' | 'pdf' =>
  kind === 'mp4' ? 'video' : kind === 'pdf' ? 'pdf' : 'image';

/** A file name fit to show back: no folders, no control characters, at most 255 characters. */
export function displayName(filename: string | undefined, kind: ImageKind | LibraryKind): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return clean === '' ? `${kindGroup(kind) === 'image' ? 'image' : 'file'}.${kind}` : clean;
}

export const CONTENT_TYPES: Record<ImageKind | LibraryKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
};

/** Stores the picture under a random name (never the sender's) and answers that name. */
export async function storeImage(
  store: { put(name: string, bytes: Uint8Array, contentType: string): Promise<void> },
  bytes: Uint8Array,
  kind: ImageKind | LibraryKind,
): Promise<string> {
  const name = `${randomUUID()}.${kind}`;
  await store.put(name, bytes, CONTENT_TYPES[kind]);
  return name;
}
