import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyRequest,
  onResponseHookHandler,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { ApiError, badRequest, MESSAGES, validationError } from '../../http/errors.ts';
import { MAX_BACKUP_UPLOAD_BYTES, MAX_UPLOAD_BYTES } from './media.files.ts';

/** The body an upload route's handler receives: the file part under its field name. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
  /** More bytes were sent than the route allows; `bytes` holds only the first ones. */
  truncated: boolean;
}

/**
 * A large upload (an export of the store) as the handler receives it: written to a temporary file while it
 * arrives, never held in memory, and removed once the answer is sent.
 */
export interface SpooledFile {
  filename: string;
  mimetype: string;
  /** The temporary file holding what arrived. */
  path: string;
  size: number;
  truncated: boolean;
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** The body media types a route's contract declares, or null when it takes no body. */
function declaredBodyTypes(schema: unknown): Set<string> | null {
  const content = (schema as { body?: { content?: Record<string, unknown> } } | undefined)?.body?.content;
  return content === undefined ? null : new Set(Object.keys(content).map((type) => type.toLowerCase()));
}

/**
 * Fastify validates a body only against the schema of its own media type, and parses text/plain (and, with
 * the multipart plugin, multipart) for every route: a body of an undeclared type would reach the handler
 * unchecked. So routes refuse any media type their contract does not declare, before reading the body.
 */
function refuseUndeclaredBodies(declared: Set<string>): preParsingHookHandler {
  const accepted = [...declared].join(' or ');
  return async (request, _reply, payload) => {
    const header = request.headers['content-type'];
    const mediaType = header?.split(';')[0]?.trim().toLowerCase();
    if (mediaType && !declared.has(mediaType)) {
      throw new ApiError(415, 'BAD_REQUEST', `This content type is not supported; send ${accepted}.`);
    }
    return payload;
  };
}

export const MALFORMED_UPLOAD = 'The upload could not be read: send the file as multipart/form-data.';

/**
 * What a failed multipart read answers. Only the request's own bytes are read here (nothing touches disk or
 * the database), so any failure is the body's fault: a missing or absent boundary, a body cut short, a
 * malformed part header. The plugin's limits keep their 413.
 */
function multipartRefusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest('Send one file at a time.');
  if ((error as { statusCode?: unknown } | null)?.statusCode === 413) {
    return new ApiError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
  }
  return validationError(
    [{ path: '/file', message: 'is not a readable multipart/form-data body' }],
    MALFORMED_UPLOAD,
  );
}

/**
 * Reads the file part into the body, after the route's security check (so nobody unauthorised gets 10 MB
 * buffered) and before validation (which then sees the field the contract requires). Every part is read to
 * the end, so a body malformed or cut short after the file is refused as well.
 */
const readUpload =
  (fileSize: number): preValidationHookHandler =>
  async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    let body: Record<string, UploadedFile> = {};
    try {
      for await (const part of request.parts({ limits: { fileSize } })) {
        if (part.type !== 'file') continue;
        const bytes = await part.toBuffer();
        if (Object.keys(body).length > 0) continue;
        body = {
          [part.fieldname]: {
            filename: part.filename,
            mimetype: part.mimetype,
            bytes,
            truncated: part.file.truncated,
          },
        };
      }
    } catch (error) {
      throw multipartRefusal(error);
    }
    request.body = body;
  };

/** Routes taking files larger than pictures, by path (the contract says each one's limit). */
export const UPLOAD_LIMITS: Record<string, number> = {
  '/api/backups/upload': MAX_BACKUP_UPLOAD_BYTES,
};

/** Where each spooled request's temporary folder is, for removing it after the answer. */
const spoolFolders = new WeakMap<FastifyRequest, string>();

/** As readUpload, but the file part is streamed to a temporary file (for the large uploads above). */
const spoolUpload =
  (fileSize: number): preValidationHookHandler =>
  async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    let body: Record<string, SpooledFile> = {};
    try {
      for await (const part of request.parts({ limits: { fileSize } })) {
        if (part.type !== 'file') continue;
        if (Object.keys(body).length > 0) {
          part.file.resume();
          continue;
        }
        const folder = await mkdtemp(join(tmpdir(), 'shop-upload-'));
        spoolFolders.set(request, folder);
        const path = join(folder, 'upload');
        await pipeline(part.file, createWriteStream(path));
        body = {
          [part.fieldname]: {
            filename: part.filename,
            mimetype: part.mimetype,
            path,
            size: (await stat(path)).size,
            truncated: part.file.truncated,
          },
        };
      }
    } catch (error) {
      throw multipartRefusal(error);
    }
    request.body = body;
  };

const removeSpooled: onResponseHookHandler = async (request) => {
  const folder = spoolFolders.get(request);
  if (folder) await rm(folder, { recursive: true, force: true });
};

/**
 * Multipart uploads for the routes whose contract declares `multipart/form-data` (POST /media), and every
 * route limited to the body types its contract declares. Call after the app's own onRoute hook (which moves
 * the security check to preValidation) and before the routes are added.
 */
export async function registerMediaUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    // Over the limit the part is cut short and marked truncated, so the handler can answer 413 in its own words.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  });
  app.addHook('onRoute', (route) => {
    const declared = declaredBodyTypes(route.schema);
    if (declared === null) return;
    route.preParsing = [...asArray(route.preParsing), refuseUndeclaredBodies(declared)];
    if (declared.has('multipart/form-data')) {
      const large = UPLOAD_LIMITS[route.url];
      if (large === undefined) {
        route.preValidation = [...asArray(route.preValidation), readUpload(MAX_UPLOAD_BYTES)];
      } else {
        route.preValidation = [...asArray(route.preValidation), spoolUpload(large)];
        route.onResponse = [...asArray(route.onResponse), removeSpooled];
      }
    }
  });
}

export function uploadedFile(value: unknown): UploadedFile | null {
  const candidate = value as Partial<UploadedFile> | null | undefined;
  return candidate && Buffer.isBuffer(candidate.bytes) && typeof candidate.truncated === 'boolean'
    ? (candidate as UploadedFile)
    : null;
}

export function spooledFile(value: unknown): SpooledFile | null {
  const candidate = value as Partial<SpooledFile> | null | undefined;
  return candidate && typeof candidate.path === 'string' && typeof candidate.truncated === 'boolean'
    ? (candidate as SpooledFile)
    : null;
}

/** The uploaded file part of a multipart body; 400 without one, 413 when it was cut at the size limit. */
export function fileOrRefuse(body: unknown, sizeMessage: string): UploadedFile {
  // The contract's multipart body has no JSON type; the upload hook above put the file part here.
  const file = uploadedFile((body as Record<string, unknown> | undefined)?.file);
  if (!file) throw badRequest('Send the file as multipart/form-data in the field "file".');
  if (file.truncated) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', sizeMessage);
  return file;
}
