import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { type S3Settings, s3Client } from '../../lib/s3.ts';

/**
 * Where export files are kept: the uploads store's place (the data folder, or the S3 bucket when configured),
 * under `exports/`, which no route serves: the public media routes read only `uploads/` and only upload names.
 * Files go in and out as streams, so an export never sits whole in memory.
 */
export interface ExportStore {
  kind: 'local' | 's3';
  /** Writes the stream under `key`; answers the bytes written. */
  put(key: string, body: Readable): Promise<number>;
  /** The stored file as a stream, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
}

export const EXPORTS_FOLDER = 'exports';

/** A fresh private key for an export file. */
export const newExportKey = () => `${EXPORTS_FOLDER}/${randomUUID()}.json.gz`;

/** Counts the bytes going through. */
function counter(): Transform & { bytes: number } {
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      stream.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  stream.bytes = 0;
  return stream;
}

export function localExportStore(dataDir: string): ExportStore {
  // Beside the uploads folder, not in it: that folder is served as it is under /media/uploads/.
  const path = (key: string) => join(dataDir, key);
  return {
    kind: 'local',
    async put(key, body) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.part`;
      const counted = counter();
      try {
        await pipeline(body, counted, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return counted.bytes;
    },
    async get(key) {
      try {
        await stat(path(key));
      } catch {
        return null;
      }
      return createReadStream(path(key));
    },
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}

export function s3ExportStore(settings: S3Settings): ExportStore {
  const client = s3Client(settings);
  return {
    kind: 's3',
    async put(key, body) {
      // A single PUT needs the length up front: the stream is spooled to a temporary file, not to memory.
      const folder = await mkdtemp(join(tmpdir(), 'shop-export-'));
      const spool = join(folder, 'export.json.gz');
      try {
        const counted = counter();
        await pipeline(body, counted, createWriteStream(spool));
        await client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: key,
            Body: createReadStream(spool),
            ContentLength: counted.bytes,
            ContentType: 'application/gzip',
          }),
        );
        return counted.bytes;
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
  };
}

/** The export store of this configuration: the same place as the uploads store. */
export function exportStore(config: { dataDir: string; s3: S3Settings | null }): ExportStore {
  return config.s3 ? s3ExportStore(config.s3) : localExportStore(config.dataDir);
}
