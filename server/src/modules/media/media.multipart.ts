import fastifyMultipart from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyRequest,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { ApiError } from '../../http/errors.ts';
import { MAX_BACKUP_UPLOAD_BYTES, MAX_UPLOAD_BYTES } from './media.files.ts';

/** The body an upload route's handler receives: the file part under its field name. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
  /** More bytes were sent than the route allows; `bytes` holds only the first ones. */
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

/**
 * Reads the file part into the body, after the route's security check (so nobody unauthorised gets 10 MB
 * buffered) and before validation (which then sees the field the contract requires).
 */
const readUpload =
  (fileSize: number): preValidationHookHandler =>
  async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const part = await request.file({ limits: { fileSize } });
    if (!part) {
      request.body = {};
      return;
    }
    const bytes = await part.toBuffer();
    const file: UploadedFile = {
      filename: part.filename,
      mimetype: part.mimetype,
      bytes,
      truncated: part.file.truncated,
    };
    request.body = { [part.fieldname]: file };
  };

/** Routes taking files larger than pictures, by path (the contract says each one's limit). */
export const UPLOAD_LIMITS: Record<string, number> = {
  '/api/backups/upload': MAX_BACKUP_UPLOAD_BYTES,
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
      const limit = UPLOAD_LIMITS[route.url] ?? MAX_UPLOAD_BYTES;
      route.preValidation = [...asArray(route.preValidation), readUpload(limit)];
    }
  });
}

export function uploadedFile(value: unknown): UploadedFile | null {
  const candidate = value as Partial<UploadedFile> | null | undefined;
  return candidate && Buffer.isBuffer(candidate.bytes) && typeof candidate.truncated === 'boolean'
    ? (candidate as UploadedFile)
    : null;
}
