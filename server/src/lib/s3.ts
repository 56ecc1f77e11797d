import { S3Client } from '@aws-sdk/client-s3';

/** S3-compatible object storage shared by every instance (uploads and exports). */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style addresses (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // A streamed body would otherwise be sent `aws-chunked` with a trailing checksum, which not every
    // S3-compatible server takes (some store the chunk framing as part of the file).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}
