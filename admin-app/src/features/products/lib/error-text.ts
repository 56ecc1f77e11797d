import { isApiError } from '@shop/sdk/client';

/** The failed call's message: the server's envelope message, else the thrown error's own message. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
