import type { FastifyError, FastifyInstance } from 'fastify';
import { databaseUnavailable } from '../db/errors.ts';
import {
  ApiError,
  type FieldError,
  forbidden,
  MESSAGES,
  storeUnavailable,
  unauthorized,
  validationError,
} from './errors.ts';

interface AjvErrorLike {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** fastify-openapi-glue's SecurityError: every security alternative failed; `errors` holds why. */
interface SecurityErrorLike {
  name: string;
  errors: unknown[];
}

/** Turns Ajv's errors into one `{ path, message }` per field, path as a JSON pointer (`/email`). */
export function toFieldErrors(errors: readonly AjvErrorLike[]): FieldError[] {
  const byPath = new Map<string, FieldError>();
  for (const error of errors) {
    let path = error.instancePath ?? '';
    let message = error.message ?? 'is not valid';
    if (error.keyword === 'required' && typeof error.params?.missingProperty === 'string') {
      path = `${path}/${error.params.missingProperty}`;
      message = 'is required';
    } else if (
      (error.keyword === 'minLength' && error.params?.limit === 1) ||
      (error.keyword === 'pattern' && error.params?.pattern === '\\S')
    ) {
      // The contract writes "not blank" as minLength 1 or pattern \S; say it the way a form would.
      message = 'must not be blank';
    } else if (error.keyword === 'format' && error.params?.format === 'email') {
      message = 'must be a valid email address';
    }
    if (!byPath.has(path)) byPath.set(path, { path: path === '' ? '/' : path, message });
  }
  return [...byPath.values()];
}

function isSecurityError(error: unknown): error is SecurityErrorLike {
  return (
    error instanceof Error &&
    Array.isArray((error as Partial<SecurityErrorLike>).errors) &&
    (error as { statusCode?: unknown }).statusCode !== undefined &&
    error.message.startsWith('None of the security schemes')
  );
}

/**
 * With several accepted schemes (staff or customer), each one fails on its own. A token that is valid but
 * for the wrong kind of account is a 403 only when every scheme says so; anything else is a 401.
 */
function fromSecurityError(error: SecurityErrorLike): ApiError {
  const apiErrors = error.errors.filter((e): e is ApiError => e instanceof ApiError);
  const unavailable = apiErrors.find((e) => e.statusCode === 503);
  if (unavailable) return unavailable;
  if (
    apiErrors.length > 0 &&
    apiErrors.length === error.errors.length &&
    apiErrors.every((e) => e.statusCode === 403)
  ) {
    return apiErrors[0] ?? forbidden();
  }
  return apiErrors.find((e) => e.statusCode === 401) ?? unauthorized();
}

function fromFastifyError(error: FastifyError): ApiError | null {
  if (error.validation) return validationError(toFieldErrors(error.validation as AjvErrorLike[]));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'BAD_REQUEST', 'The request body is empty.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'BAD_REQUEST', 'This content type is not supported; send application/json.');
  }
  // Other client errors Fastify raises itself (bad URL, bad content length, ...) carry safe messages.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && error.code?.startsWith('FST_')) {
    if (status === 413) return new ApiError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
    return new ApiError(status, 'BAD_REQUEST', error.message);
  }
  return null;
}

/** One error handler and one not-found handler: every failure leaves in the error envelope. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    let apiError: ApiError | null = null;
    if (error instanceof ApiError) apiError = error;
    else if (isSecurityError(error)) apiError = fromSecurityError(error);
    else if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      apiError = storeUnavailable();
    } else if (error instanceof Error) apiError = fromFastifyError(error as FastifyError);

    if (apiError === null) {
      // Details go to the log only; the client learns nothing about internals.
      request.log.error({ err: error }, 'request failed');
      apiError = new ApiError(500, 'INTERNAL_ERROR', MESSAGES.internal);
    }
    if (apiError.headers) void reply.headers(apiError.headers);
    return reply.code(apiError.statusCode).send(apiError.toBody());
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).send(new ApiError(404, 'NOT_FOUND', MESSAGES.notFound).toBody());
  });
}

/** Fastify's own routing errors (a URL that does not decode, a path parameter over its length), in the envelope. */
export function frameworkErrorBody(error: FastifyError): ApiError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new ApiError(414, 'BAD_REQUEST', 'The address is too long.');
  }
  return new ApiError(400, 'BAD_REQUEST', 'The address is not valid.');
}

const CLIENT_ERROR_REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large, a malformed request line):
 * answered on the socket, in the envelope too.
 */
export function clientErrorResponse(error: NodeJS.ErrnoException): string {
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request headers are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is not valid HTTP.';
  const body = JSON.stringify(new ApiError(status, 'BAD_REQUEST', message).toBody());
  return [
    `HTTP/1.1 ${status} ${CLIENT_ERROR_REASONS[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
