import { type OutboundClient, OutboundError, type OutboundResponse } from '../../http/outbound.ts';

/**
 * The courier tracking service the store is connected to (Courier Integration). It speaks a small JSON protocol,
 * documented in docs/deployment.md, that a tracking aggregator or a courier's own API sits behind:
 * `GET {endpoint}/status` answers 2xx when the key is good; `GET {endpoint}/tracking/{number}?carrier=...`
 * answers `{ "status": "in_transit" | "delivered" | "exception" | ..., "message"?: "..." }`. The key goes in
 * `Authorization: Bearer ...`.
 */
export interface CourierConnection {
  endpoint: string;
  apiKey: string;
}

export interface ParcelStatus {
  delivered: boolean;
  status: string;
  message: string;
}

/**
 * A call that did not give a usable answer. `message` goes to the API log and, after "The courier could not be
 * reached", to staff: for a network failure it is the guarded client's generic text, never the reason.
 */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly network = false,
  ) {
    super(message);
  }
}

export const COURIER_TIMEOUT_MS = 10_000;

async function ask(
  outbound: OutboundClient,
  connection: CourierConnection,
  path: string,
  timeoutMs: number,
): Promise<unknown> {
  const url = `${connection.endpoint.replace(/\/+$/, '')}${path}`;
  let response: OutboundResponse;
  try {
    response = await outbound.request(url, {
      headers: { authorization: `Bearer ${connection.apiKey}`, accept: 'application/json' },
      timeoutMs,
    });
  } catch (error) {
    if (error instanceof OutboundError) throw new CourierError(error.message, true);
    throw error;
  }
  if (response.status === 401 || response.status === 403)
    throw new CourierError('API key refused (signature invalid or key expired)');
  if (!response.ok) throw new CourierError(`the courier answered ${response.status}`);
  try {
    return response.text === '' ? {} : JSON.parse(response.text);
  } catch {
    throw new CourierError('the courier answered something that is not JSON');
  }
}

export async function checkConnection(
  outbound: OutboundClient,
  connection: CourierConnection,
  timeoutMs = COURIER_TIMEOUT_MS,
): Promise<void> {
  await ask(outbound, connection, '/status', timeoutMs);
}

export async function trackParcel(
  outbound: OutboundClient,
  connection: CourierConnection,
  carrier: string,
  trackingNumber: string,
  timeoutMs = COURIER_TIMEOUT_MS,
): Promise<ParcelStatus> {
  const answer = (await ask(
    outbound,
    connection,
    `/tracking/${encodeURIComponent(trackingNumber)}?carrier=${encodeURIComponent(carrier)}`,
    timeoutMs,
  )) as { status?: unknown; message?: unknown };
  if (typeof answer.status !== 'string') throw new CourierError('the courier gave no status');
  const status = answer.status.toLowerCase();
  return {
    delivered: status === 'delivered',
    status,
    message: typeof answer.message === 'string' ? answer.message.slice(0, 300) : '',
  };
}
