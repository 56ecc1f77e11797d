import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
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
  return ({ schema, httpPart }) => {
    const kind = httpPart === 'body' ? 'body' : httpPart === 'headers' ? 'headers' : 'text';
    // A compiled validator depends only on its schema and kind, so apps built in one process (the tests build one
    // per file) compile each of the contract's schemas once.
    const key = `${kind}:${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = compilers()[kind].compile(schema as object);
      compiled.set(key, validate);
    }
    return validate;
  };
}

const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();

const serializers = new Map<string, (data: unknown) => string>();
/**
 * Responses are written by fast-json-stringify from the contract's schemas, as Fastify does by default; the compiled
 * writer is kept per schema, so apps built in one process share it.
 */
export function createSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return ({ schema }) => {
    const key = JSON.stringify(schema);
    let serialize = serializers.get(key);
    if (!serialize) {
      serialize = fastJsonStringify(schema as object) as (data: unknown) => string;
      serializers.set(key, serialize);
    }
    return serialize;
  };
}
let ajvs: Record<'body' | 'headers' | 'text', Ajv2020> | undefined;
function compilers() {
  ajvs ??= {
    text: createAjv('array'),
    body: createAjv(false),
    // Headers are checked where the contract names one, never pruned: the others (authorization, user agent) are
    // still read after validation, and the request's header object is the connection's own.
    headers: createAjv('array', false),
  };
  return ajvs;
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
