import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { type S3Settings, s3Client } from '../../lib/s3.ts';
import { UPLOADS_FOLDER } from './media.files.ts';

export type { S3Settings };

/** Where uploaded pictures live: this machine's data folder, or S3-compatible object storage shared by instances. */
export interface MediaStore {
  kind: 'local' | 's3';
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes and their type, or null when there is no such file. */
  get(name: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** Removes the file; nothing happens when there is none. */
  remove(name: string): Promise<void>;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
};

export const contentTypeOf = (name: string) =>
  TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** The names uploads are stored under (storeImage): a random id and the picture's format. */
export const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|mp4|pdf)$/;

export function localMediaStore(dataDir: string): MediaStore {
  const path = (name: string) => join(dataDir, UPLOADS_FOLDER, name);
  return {
    kind: 'local',
    async put(name, bytes) {
      await writeFile(path(name), bytes, { flag: 'wx' });
    },
    async get(name) {
      try {
        return { bytes: await readFile(path(name)), contentType: contentTypeOf(name) };
      } catch {
        return null;
      }
    },
    async remove(name) {
      await rm(path(name), { force: true });
    },
  };
}

export function s3MediaStore(settings: S3Settings): MediaStore {
  const client = s3Client(settings);
  const key = (name: string) => `${UPLOADS_FOLDER}/${name}`;
  return {
    kind: 's3',
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
        if (!answer.Body) return null;
        return {
          bytes: await answer.Body.transformToByteArray(),
          contentType: answer.ContentType ?? contentTypeOf(name),
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(name) }));
    },
  };
}
