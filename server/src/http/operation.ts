import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnyResponseBody, OperationId, PathParams, QueryParams, RequestBody } from './contract-types.ts';

export type OperationRequest<Op extends OperationId> = FastifyRequest<{
  Body: RequestBody<Op>;
  Querystring: QueryParams<Op>;
  Params: PathParams<Op>;
}>;

/** What fastify-openapi-glue calls for an operationId. */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Types a handler by its operationId: the request's body, query and params and the answer come from the contract.
 * The single cast is sound because Ajv has checked body, query and params against the same contract before
 * any handler runs.
 */
export function operation<Op extends OperationId>(
  _operationId: Op,
  // NoInfer: the operationId alone fixes Op, so the handler's answer is checked against (and typed by) it.
  handler: NoInfer<(request: OperationRequest<Op>, reply: FastifyReply) => Promise<AnyResponseBody<Op>>>,
): OperationHandler {
  return (request, reply) => handler(request as unknown as OperationRequest<Op>, reply);
}
