import type { FastifyInstance } from 'fastify';

/**
 * Closing the server only reaps keep-alive connections that are idle at that moment; one still answering a
 * request would stay open until its keep-alive timeout (72 s), holding the shutdown up. Answers sent while
 * closing therefore say `Connection: close`, so each connection ends with its last response.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
}
