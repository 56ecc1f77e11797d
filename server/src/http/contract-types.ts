import type { operations } from '@shop/sdk/types';

// Request and response types straight from the generated contract, so handlers cannot drift from openapi.yaml.

export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<Op extends OperationId> = operations[Op]['responses'];

/** The JSON body an operation takes. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer Body }
  ? JsonContent<NonNullable<Body>>
  : never;

export type QueryParams<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Query }
  ? NonNullable<Query>
  : never;

export type PathParams<Op extends OperationId> = operations[Op]['parameters'] extends { path?: infer Path }
  ? NonNullable<Path>
  : never;

/** The body of one answer: `ResponseBody<'getHealth', 503>`. */
export type ResponseBody<Op extends OperationId, Status extends keyof Responses<Op>> = JsonContent<
  Responses<Op>[Status]
>;

/** Any body the operation may answer with. */
export type AnyResponseBody<Op extends OperationId> = {
  [Status in keyof Responses<Op>]: JsonContent<Responses<Op>[Status]>;
}[keyof Responses<Op>];
