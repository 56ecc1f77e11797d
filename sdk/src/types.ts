/**
 * The generated contract types (`paths`, `components`, `operations`) plus shorthands for the parts apps name most.
 * Never hand-write an API type: derive it from these.
 */
import type { components, operations } from './generated/api';

export type * from './generated/api';

/** Every named schema: `Schemas['ProductListItem']`. */
export type Schemas = components['schemas'];

export type OperationId = keyof operations;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type Responses<Op extends OperationId> = operations[Op]['responses'];

/** The JSON body an operation takes: `RequestBody<'customerLogin'>`. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer Body }
  ? JsonContent<NonNullable<Body>>
  : never;

/** The whole success envelope of an operation (every 2xx answer). */
export type SuccessBody<Op extends OperationId> = JsonContent<
  Responses<Op>[Extract<keyof Responses<Op>, SuccessStatus>]
>;

/** The `data` of an operation's success envelope: `ResponseData<'getProfile'>`. */
export type ResponseData<Op extends OperationId> =
  SuccessBody<Op> extends { data: infer Data } ? Data : never;

/** The query parameters an operation accepts: `QueryParams<'listProducts'>`. */
export type QueryParams<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Query }
  ? NonNullable<Query>
  : never;
