import type { ProviderMessage } from './hosted.types.ts';
import { PaymentError } from './payment-error.ts';

// The JSON call the REST adapters make with plain fetch. Whatever the provider answers comes back with its status,
// for the adapter to read its own error shape; only a provider that could not be reached in time or answered
// something other than a JSON object is a PaymentError here.

/** The HTTP settings an adapter takes besides its address. */
export interface ProviderHttpConfig {
  fetch?: typeof fetch;
  /** Per-call time limit; tests shorten it. */
  timeoutMs?: number;
}

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function callJson(
  /** Names the provider in the errors ('PayPal could not be reached: ...'). */
  provider: string,
  url: string,
  init: RequestInit,
  options: {
    fetch: typeof fetch;
    timeoutMs: number;
    /** An empty successful answer reads as `{}`. */
    emptyIsObject?: boolean;
  },
): Promise<JsonAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    text = await response.text();
  } catch (error) {
    throw new PaymentError(`${provider} could not be reached: ${(error as Error).message}`);
  }
  if (options.emptyIsObject && text === '' && response.ok) return { status: response.status, body: {} };
  try {
    const body: unknown = JSON.parse(text);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    return { status: response.status, body: body as Record<string, unknown> };
  } catch {
    throw new PaymentError(`${provider} answered ${response.status} with a body that is not JSON`);
  }
}

/** A header of a message our routes handed over, whatever its case; an empty one counts as absent. */
export function messageHeader(headers: ProviderMessage['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && value) return value;
  }
  return undefined;
}

/** A notification body that is a JSON object; anything else is null. */
export function parseJsonObject<T extends object>(rawBody: string): T | null {
  try {
    const value: unknown = JSON.parse(rawBody);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}
