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

export class CourierError extends Error {}

export const COURIER_TIMEOUT_MS = 10_000;

async function ask(connection: CourierConnection, path: string, timeoutMs: number): Promise<unknown> {
  const url = `${connection.endpoint.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${connection.apiKey}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new CourierError('timeout');
    throw new CourierError(`unreachable: ${(error as Error).message}`);
  }
  if (response.status === 401 || response.status === 403)
    throw new CourierError('API key refused (signature invalid or key expired)');
  if (!response.ok) throw new CourierError(`the courier answered ${response.status}`);
  const text = await response.text();
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw new CourierError('the courier answered something that is not JSON');
  }
}

export async function checkConnection(
  connection: CourierConnection,
  timeoutMs = COURIER_TIMEOUT_MS,
): Promise<void> {
  await ask(connection, '/status', timeoutMs);
}

export async function trackParcel(
  connection: CourierConnection,
  carrier: string,
  trackingNumber: string,
  timeoutMs = COURIER_TIMEOUT_MS,
): Promise<ParcelStatus> {
  const answer = (await ask(
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
