import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { OPENAPI_PATH } from '../app.ts';
import type { OperationId } from '../http/contract-types.ts';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

export interface MediaType {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { $ref?: string; value?: unknown }>;
}
export interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface OperationObject {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, MediaType> };
  parameters?: Array<{ $ref?: string; name?: string; in?: string; schema?: unknown; example?: unknown }>;
  responses: Record<string, ResponseObject>;
}
export interface ContractOperation {
  operationId: OperationId;
  method: HttpMethod;
  /** As the contract writes it, without /api, e.g. `/product/{id}`. */
  path: string;
  security: Array<Record<string, string[]>>;
  spec: OperationObject;
}

interface OpenApiDocument {
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: {
    responses?: Record<string, ResponseObject>;
    examples?: Record<string, { value?: unknown }>;
  };
}

export const contract = parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;

/** Every operation of the contract. */
export const contractOperations: ContractOperation[] = Object.entries(contract.paths).flatMap(
  ([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const spec = item[method];
      return spec
        ? [
            {
              operationId: spec.operationId as OperationId,
              method,
              path,
              security: spec.security ?? contract.security ?? [],
              spec,
            },
          ]
        : [];
    }),
);

export function contractOperation(operationId: OperationId): ContractOperation {
  const found = contractOperations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return found;
}

// The whole document is one schema resource, so the contract's own `#/components/...` references resolve.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(contract as object, 'openapi');
const validators = new Map<string, ValidateFunction>();

export function pointer(...segments: string[]): string {
  // JSON pointer escaping, then URI escaping: paths such as `/product/{id}` become `~1product~1%7Bid%7D`.
  return segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');
}

/** Ajv's findings for `value` against the schema at `location` (`#/…` in the contract), or null when it matches. */
export function contractSchemaErrors(location: string, value: unknown): string | null {
  const schemaRef = `openapi${location}`;
  let validate = validators.get(schemaRef);
  if (!validate) {
    validate = ajv.compile({ $ref: schemaRef });
    validators.set(schemaRef, validate);
  }
  if (validate(value)) return null;
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
}

/**
 * Checks an answer against the contract's response schema for its operation and status (or `default`).
 * Throws with Ajv's findings, so a failing test says which field broke the contract.
 */
export function assertMatchesContract(
  operationId: OperationId,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): void {
  const op = contractOperation(operationId);
  const status = String(response.statusCode);
  const declared = op.spec.responses[status] ? status : op.spec.responses.default ? 'default' : null;
  if (declared === null) throw new Error(`${operationId} does not declare a ${status} answer`);

  let location = `#/${pointer('paths', op.path, op.method, 'responses', declared)}`;
  let responseObject = op.spec.responses[declared];
  const ref = responseObject?.$ref;
  if (ref?.startsWith('#/components/responses/')) {
    const name = ref.slice('#/components/responses/'.length);
    responseObject = contract.components.responses?.[name];
    location = `#/${pointer('components', 'responses', name)}`;
  }
  if (!responseObject?.content?.['application/json']?.schema) {
    throw new Error(`${operationId} ${declared} has no JSON schema`);
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) {
    throw new Error(`${operationId} answered ${status} with content type "${contentType}", not JSON`);
  }

  const body: unknown = JSON.parse(response.body);
  const problems = contractSchemaErrors(`${location}/content/application~1json/schema`, body);
  if (problems !== null) {
    throw new Error(
      `${operationId} ${status} does not match the contract: ${problems}\n${response.body.slice(0, 2000)}`,
    );
  }
}
