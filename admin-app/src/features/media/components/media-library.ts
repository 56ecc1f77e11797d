import type { Schemas } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** What the media screens share: the files the library takes, and its queries. */
export type MediaFile = Schemas['MediaFile'];
export type MediaFolder = Schemas['MediaFolder'];
type FileBody = { file: string };

export const MEDIA_PAGE_SIZE = 12;
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
export const ACCEPTED =
  '.jpg,.jpeg,.png,.mp4,.pdf,.webp,image/jpeg,image/png,image/webp,video/mp4,application/pdf';
const ACCEPTED_NAME = /\.(jpe?g|png|mp4|pdf|webp)$/i;

export const foldersQuery = () => $api.queryOptions('get', '/media/folders');
export const settingsQuery = () => $api.queryOptions('get', '/media/settings');

/** The server says the same; asking first saves sending 10 MB for nothing. */
export function refusal(file: File): string | null {
  if (!ACCEPTED_NAME.test(file.name)) return 'Only JPG, PNG, MP4, PDF or WebP files can be uploaded.';
  if (file.size > MAX_MEDIA_BYTES) return 'The file is larger than 10 MB.';
  return null;
}

export const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  // The generated type names the binary part a string; FormData passes through openapi-fetch unchanged.
  return form as unknown as FileBody;
};
