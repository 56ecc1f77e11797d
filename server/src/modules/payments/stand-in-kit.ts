import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostedCheckoutRequest, PendingPayment, ProviderMessage } from './hosted.types.ts';

// What the payment providers' local stand-ins (for tests and the journeys) have in common: a server on 127.0.0.1,
// request and answer helpers, webhooks posted after the call that caused them, and the store's side of a webhook
// for the adapters' tests. Each stand-in keeps its provider's own shapes, errors and signatures.

export interface StandInServer {
  /** Starts listening (any free port by default); answers the address, `http://127.0.0.1:<port>`. */
  listen(port?: number): Promise<string>;
  /** Leaves an answer unsent on purpose (a simulated timeout); close() drops it. */
  hang(res: ServerResponse): void;
  /** Drops held answers and open connections, so closing never waits for them. */
  close(): Promise<void>;
}

/** A stand-in's server: `handle` answers each request; when it throws, `answerError` answers (a 500). */
export function standInServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  answerError: (res: ServerResponse, error: unknown) => void,
): StandInServer {
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Once an answer has started there is nothing left to say.
      if (!res.headersSent) answerError(res, error);
    });
  });
  return {
    async listen(port = 0) {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    hang(res) {
      hanging.add(res);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A request header's (first) value. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A JSON answer; `headers` add to or replace the plain `application/json` content type. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  options: { headers?: Record<string, string>; indent?: number } = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...options.headers });
  res.end(JSON.stringify(body, null, options.indent));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

/** A whole page around `body`, which is HTML already (escape what it quotes). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Posts a notification; answers the receiver's status, or null when it could not be reached in 10 s. */
export async function postNotification(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

export interface StandInWebhook {
  /** The body exactly as posted. */
  rawBody: string;
  /** The provider's headers, lower-case. */
  headers: Record<string, string>;
  /** The notify address's answer, once posted ('error' when it could not be reached). */
  delivered?: number | 'error';
}

/**
 * The webhooks a stand-in sent, and their delivery to the notify address (when one is set): each is posted after
 * the call that caused it has been answered, as the providers do.
 */
export function webhookOutbox<W extends StandInWebhook>(options: {
  url?: string | undefined;
  userAgent: string;
}) {
  const webhooks: W[] = [];
  const deliveries = new Set<Promise<void>>();
  let target = options.url ?? null;

  function deliver(webhook: W): void {
    const url = target;
    if (!url) return;
    const headers = { ...webhook.headers, 'user-agent': options.userAgent };
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => postNotification(url, headers, webhook.rawBody))
      .then((status) => {
        webhook.delivered = status ?? 'error';
      })
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  return {
    webhooks,
    /** Records a webhook and posts it; answers the record. */
    send(webhook: W): W {
      webhooks.push(webhook);
      deliver(webhook);
      return webhook;
    },
    /** Posts a webhook again (a provider's retry). */
    deliver,
    setUrl(url: string | null): void {
      target = url;
    },
    /** Resolves when the webhooks posted so far have been answered. */
    async delivered(): Promise<void> {
      await Promise.all(deliveries);
    },
  };
}

export interface NotifyReceiver {
  /** `http://127.0.0.1:<port>`; every path answers 200. */
  url: string;
  /** What was posted, in order, headers lower-case and the body exactly. */
  received: Array<{ headers: Record<string, string | undefined>; rawBody: string }>;
  close(): Promise<void>;
}

/** The store's notify address in an adapter's test: records what a stand-in posts. */
export async function startNotifyReceiver(): Promise<NotifyReceiver> {
  const received: NotifyReceiver['received'] = [];
  const server = standInServer(
    async (req, res) => {
      const rawBody = await readBody(req);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
      received.push({ headers, rawBody });
      res.writeHead(200).end();
    },
    (res) => res.writeHead(500).end(),
  );
  const url = await server.listen();
  return { url, received, close: server.close };
}

/** The payment row the store keeps for a checkout it opened. */
export function pendingPayment(
  request: HostedCheckoutRequest,
  providerRef: string | null = null,
): PendingPayment {
  return {
    id: request.paymentId,
    reference: request.reference,
    providerRef,
    amountMinor: request.amountMinor,
    currency: request.currency,
  };
}

/** The browser arriving at our return address, as the return route hands it to an adapter. */
export function returnMessage(address: string): ProviderMessage {
  return {
    kind: 'return',
    fields: Object.fromEntries(new URL(address).searchParams),
    headers: {},
    rawBody: '',
  };
}

/** A posted webhook, as the notify route hands it to an adapter: a JSON body's fields as text, else none. */
export function notifyMessage(webhook: {
  headers: Record<string, string | undefined>;
  rawBody: string;
}): ProviderMessage {
  let event: Record<string, unknown> = {};
  try {
    event = JSON.parse(webhook.rawBody) as Record<string, unknown>;
  } catch {
    // A body that is not JSON has no fields.
  }
  return {
    kind: 'notify',
    fields: Object.fromEntries(Object.entries(event).map(([key, value]) => [key, String(value)])),
    headers: webhook.headers,
    rawBody: webhook.rawBody,
  };
}
