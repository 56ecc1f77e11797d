import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validationError } from './errors.ts';

// OpenAPI 3.1 schemas are JSON Schema 2020-12, which Fastify's default (draft-07) Ajv rejects.
// Unknown body fields are dropped rather than refused, so extra fields such as `role` never reach a handler.
const common: Options = { removeAdditional: 'all', useDefaults: true, strict: false, allErrors: true };

function createAjv(
  coerceTypes: Options['coerceTypes'],
  removeAdditional: Options['removeAdditional'] = 'all',
): Ajv2020 {
  const ajv = new Ajv2020({ ...common, coerceTypes, removeAdditional });
  addFormats(ajv);
  return ajv;
}

/**
 * Query strings, path parameters and headers arrive as text, so they are coerced (`?page=2` is a number).
 * Bodies are JSON and keep their types: `{ "password": 12345 }` is a validation error, not a string.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const forText = createAjv('array');
  const forBody = createAjv(false);
  // Headers are checked where the contract names one, never pruned: the others (authorization, user agent) are
  // still read after validation, and the request's header object is the connection's own.
  const forHeaders = createAjv('array', false);
  return ({ schema, httpPart }) =>
    (httpPart === 'body' ? forBody : httpPart === 'headers' ? forHeaders : forText).compile(schema as object);
}

/**
 * Fastify validates a body only when one arrived, so a call with no body (and no content type) would reach its
 * handler with `undefined`. Every operation whose contract has a body needs one: answer 400 instead.
 */
export function registerRequiredBody(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) {
      throw validationError([{ path: '/', message: 'is required' }], 'The request body is required.');
    }
  });
}
