import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import fastifyOpenapiGlue from 'fastify-openapi-glue';
import type { OperationHandler } from './operation.ts';

type SecurityHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  scopes?: readonly string[],
) => Promise<void>;

/** What the contract's routes call in the app they are added to. */
export interface ContractHandlers {
  /** One handler per operationId. */
  service: Record<string, OperationHandler>;
  /** One check per security scheme the contract names (`adminBearer`, ...). */
  security: Record<string, SecurityHandler>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contractHandlers: ContractHandlers;
  }
}

type ContractRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config' | 'preHandler' | 'handler'>;

// By document, then by prefix.
const routesBySpecification = new WeakMap<object, Map<string, Promise<ContractRoute[]>>>();

/**
 * The contract's routes (method, path, schemas and security check) as fastify-openapi-glue makes them, made once
 * per document. The router validates and parses the whole document each time it is registered, about 0.3 s of
 * processor time for openapi.yaml; a store builds its app once, but the tests build one per file. So the routes
 * are taken from a bare instance, and call the handlers of whichever app they are added to.
 */
function contractRoutes(specification: object, prefix: string): Promise<ContractRoute[]> {
  let byPrefix = routesBySpecification.get(specification);
  if (!byPrefix) {
    byPrefix = new Map();
    routesBySpecification.set(specification, byPrefix);
  }
  let routes = byPrefix.get(prefix);
  if (!routes) {
    routes = listRoutes(specification, prefix);
    byPrefix.set(prefix, routes);
  }
  return routes;
}

async function listRoutes(specification: object, prefix: string): Promise<ContractRoute[]> {
  const bare = Fastify();
  // The bare instance never answers a request: nothing is compiled for it.
  bare.setValidatorCompiler(() => () => true);
  bare.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const routes: ContractRoute[] = [];
  bare.addHook('onRoute', ({ method, url, schema, config, preHandler, handler }) => {
    // Fastify adds a HEAD route beside each GET itself, in every app.
    if (method !== 'HEAD') routes.push({ method, url, schema, config, preHandler, handler });
  });
  const schemes = Object.keys(
    (specification as { components?: { securitySchemes?: object } }).components?.securitySchemes ?? {},
  );
  const security = Object.fromEntries(
    schemes.map((scheme): [string, SecurityHandler] => [
      scheme,
      async (request, reply, scopes) => {
        const check = request.server.contractHandlers.security[scheme];
        if (!check) throw new Error(`No check for the security scheme ${scheme}`);
        await check(request, reply, scopes);
      },
    ]),
  );
  await bare.register(fastifyOpenapiGlue, {
    specification,
    prefix,
    securityHandlers: security,
    operationResolver: (operationId: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const handler = request.server.contractHandlers.service[operationId];
      if (!handler) throw new Error(`Operation ${operationId} not implemented`);
      return handler(request, reply);
    },
  });
  await bare.ready();
  await bare.close();
  return routes;
}

/** Adds every operation of the contract to `app`, answered by `handlers`. */
export async function registerContract(
  app: FastifyInstance,
  options: { specification: object; prefix: string; handlers: ContractHandlers },
): Promise<void> {
  app.decorate('contractHandlers', options.handlers);
  // As the router warns where it is registered: a body type the contract names and the app cannot read.
  for (const type of bodyTypes(options.specification)) {
    if (!app.hasContentTypeParser(type)) app.log.warn(`ContentTypeParser for '${type}' not found`);
  }
  const routes = await contractRoutes(options.specification, options.prefix);
  // In a context of their own, as the router adds them: they take the hooks declared before this point.
  await app.register(async (context) => {
    for (const route of routes) context.route({ ...route });
  });
}

type Operation = { requestBody?: { content?: Record<string, unknown> } };

/** Every content type of a request body in the contract. */
export function bodyTypes(specification: object): Set<string> {
  const paths = (specification as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  const types = new Set<string>();
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const type of Object.keys(operation?.requestBody?.content ?? {})) types.add(type);
    }
  }
  return types;
}
