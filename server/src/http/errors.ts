import type { components } from '@shop/sdk/types';

export type ErrorCode = components['schemas']['ErrorCode'];
export type FieldError = components['schemas']['FieldError'];
export type ErrorBody = components['schemas']['ErrorResponse'];

/** A failure the client should see as it is: status, code and message end up in the error envelope. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers (Retry-After, ...). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return {
      success: false,
      message: this.message,
      code: this.code,
      ...(this.errors && this.errors.length > 0 ? { errors: this.errors } : {}),
    };
  }
}

export const MESSAGES = {
  validation: 'The request is not valid.',
  unauthorized: 'Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  payloadTooLarge: 'The request body is too large.',
  internal: 'Internal server error.',
} as const;

export const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/** 400 with one entry per field, so forms can show each message beside its field. */
export const validationError = (errors: FieldError[], message: string = MESSAGES.validation) =>
  new ApiError(400, 'VALIDATION_ERROR', message, errors);

export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new ApiError(401, 'UNAUTHORIZED', message);

export const forbidden = (message: string = MESSAGES.forbidden) => new ApiError(403, 'FORBIDDEN', message);

export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, 'NOT_FOUND', message);

export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);

export const unprocessable = (message: string) => new ApiError(422, 'UNPROCESSABLE', message);

export const paymentDeclined = (message: string) => new ApiError(402, 'PAYMENT_DECLINED', message);

export const badGateway = (message: string) => new ApiError(502, 'SERVICE_UNAVAILABLE', message);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, 'TOO_MANY_REQUESTS', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export const notImplemented = (message: string) => new ApiError(501, 'NOT_IMPLEMENTED', message);

export const serviceUnavailable = (message: string) => new ApiError(503, 'SERVICE_UNAVAILABLE', message);

/** The database cannot be reached: the client should try again shortly, and must not drop its sign-in. */
export const storeUnavailable = () =>
  new ApiError(
    503,
    'SERVICE_UNAVAILABLE',
    'The store is temporarily unavailable. Please try again shortly.',
    undefined,
    { 'retry-after': '5' },
  );
