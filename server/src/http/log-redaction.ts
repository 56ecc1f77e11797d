import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

// Argon2 hashes, sign-in tokens (JWTs), card numbers: whatever carries them, they never reach the log.
const SECRET_PATTERNS: RegExp[] = [
  /\$argon2(id|i|d)\$[^\s"',)]+/g,
  /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g,
  /\b(?:\d[ -]?){13,19}\b/g,
];

/** `text` with every secret pattern replaced. */
export function scrubSecrets(text: string): string {
  return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, REDACTED), text);
}

/** A URL with every query value replaced: `?token=…` links (invitations, resets) must not be logged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
};

/**
 * An error as the log keeps it: type, message, stack and code, scrubbed; a failed query's parameters (which hold
 * password hashes and personal data) are left out.
 */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: scrubSecrets(String(error)), stack: '' };
  const withCode = error as Error & { code?: unknown; statusCode?: unknown };
  // Drizzle's "Failed query: … params: …" names every bound value.
  const message = scrubSecrets(error.message.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]'));
  return {
    type: error.name,
    message,
    stack: scrubSecrets(
      (error.stack ?? '').replace(/\nparams:[\s\S]*?(\n\s+at |$)/, '\nparams: [redacted]$1'),
    ),
    code: withCode.code,
    statusCode: withCode.statusCode,
    cause: error.cause === undefined ? undefined : serializeError(error.cause),
  };
}

type LoggedRequest = { method: string; url: string; host?: string; remoteAddress?: string };

/** Pino settings for the API: requests without query values, errors scrubbed, secret fields redacted. */
export function apiLoggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.confirmPassword',
        '*.currentPassword',
        '*.newPassword',
        '*.passwordHash',
        '*.token',
        '*.card',
        '*.cardNumber',
        '*.cvc',
        '*.recoveryCode',
        '*.challenge',
        '*.twoFactorSecret',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }): LoggedRequest => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
  };
}
