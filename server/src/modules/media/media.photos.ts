import { ApiError, unprocessable } from '../../http/errors.ts';
import {
  CONTENT_TYPES,
  type ImageKind,
  imageKind,
  NOT_AN_IMAGE,
  storeImage,
  TOO_LARGE,
} from './media.files.ts';
import { pictureSizeOrRefuse } from './media.library.ts';
import { fileOrRefuse } from './media.multipart.ts';
import type { MediaStore } from './media.store.ts';

// Photos shoppers attach (to a review, to a parcel claim): one picture per request, checked as uploads are, and
// stored only once it passes; a record that cannot be written takes its stored file with it.

/** Smaller pictures show nothing anyone could judge by. */
export const MIN_PHOTO_SIDE = 100;
export const PHOTO_TOO_SMALL = `A photo must be at least ${MIN_PHOTO_SIDE} pixels wide and high.`;
export const PHOTO_UNREADABLE = 'The picture could not be read.';

export interface CheckedPhoto {
  bytes: Uint8Array;
  kind: ImageKind;
  contentType: string;
  width: number;
  height: number;
}

/** The request's picture, or the refusal a shopper should read (413, 415, 422). */
export async function checkedPhoto(body: unknown): Promise<CheckedPhoto> {
  const file = fileOrRefuse(body, TOO_LARGE);
  const kind = imageKind(file.bytes);
  if (kind === null) throw new ApiError(415, 'BAD_REQUEST', NOT_AN_IMAGE);
  const { width, height } = await pictureSizeOrRefuse(file.bytes, kind);
  if (width === null || height === null) throw unprocessable(PHOTO_UNREADABLE);
  if (width < MIN_PHOTO_SIDE || height < MIN_PHOTO_SIDE) throw unprocessable(PHOTO_TOO_SMALL);
  return { bytes: file.bytes, kind, contentType: CONTENT_TYPES[kind], width, height };
}

/**
 * Stores the photo, then records it. A record that throws, or answers a refusal (any string), removes the stored
 * file again and passes the outcome on.
 */
export async function storePhotoThen<T>(
  media: MediaStore,
  photo: CheckedPhoto,
  record: (storedName: string) => Promise<T>,
): Promise<T> {
  const storedName = await storeImage(media, photo.bytes, photo.kind);
  const forget = () => media.remove(storedName).catch(() => undefined);
  let recorded: T;
  try {
    recorded = await record(storedName);
  } catch (error) {
    await forget();
    throw error;
  }
  if (typeof recorded === 'string') await forget();
  return recorded;
}
