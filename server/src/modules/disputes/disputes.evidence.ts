import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageKind, UPLOADS_FOLDER } from '../media/index.ts';

export const EVIDENCE_TOO_LARGE = 'The file is larger than 10 MB.';
export const NOT_EVIDENCE = 'Only PNG, JPG, GIF or WebP images or PDF files can be uploaded.';
export const NOT_YOUR_EVIDENCE = 'Attach only files you uploaded for this dispute.';
/** Files a shopper may upload in a day and leave unattached: enough for a few disputes, not a free file host. */
export const MAX_PENDING_EVIDENCE_PER_DAY = 30;
export const TOO_MANY_UPLOADS = 'You have uploaded too many files today. Please try again tomorrow.';

const EVIDENCE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
} as const;

export type EvidenceKind = keyof typeof EVIDENCE_TYPES;
export type EvidenceContentType = (typeof EVIDENCE_TYPES)[EvidenceKind];

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** What the file's first bytes say it is (the media module's picture check, plus PDF), or null. */
export function evidenceKind(bytes: Uint8Array): EvidenceKind | null {
  const picture = imageKind(bytes);
  if (picture !== null) return picture;
  return PDF_SIGNATURE.every((byte, i) => bytes[i] === byte) ? 'pdf' : null;
}

export const evidenceContentType = (kind: EvidenceKind): EvidenceContentType => EVIDENCE_TYPES[kind];

/** A file name fit to show back: no folders, no control characters, at most 255 characters. */
export function evidenceDisplayName(filename: string | undefined, kind: EvidenceKind): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return clean === '' ? `evidence.${kind}` : clean;
}

/** Stores the file in the uploads folder under a random name (never the sender's) and answers that name. */
export async function storeEvidence(dataDir: string, bytes: Uint8Array, kind: EvidenceKind): Promise<string> {
  const name = `${randomUUID()}.${kind}`;
  await writeFile(join(dataDir, UPLOADS_FOLDER, name), bytes, { flag: 'wx' });
  return name;
}

/** Where a stored file is served. */
export const evidenceUrl = (publicUrl: string, fileName: string) =>
  `${publicUrl.replace(/\/+$/, '')}/media/${UPLOADS_FOLDER}/${fileName}`;

/** The stored file name an evidence address names, or null when it is not an address of this server's uploads. */
export function evidenceFileName(publicUrl: string, url: string): string | null {
  const prefix = evidenceUrl(publicUrl, '');
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return /^[0-9a-f-]{36}\.(png|jpg|gif|webp|pdf)$/.test(name) ? name : null;
}
