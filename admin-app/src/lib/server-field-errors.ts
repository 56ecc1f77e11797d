import { isApiError } from '@shop/sdk/client';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (JSON pointers such as `/shippingAddress/city`) beside the form's fields.
 * Answers whether any landed on a field of the form.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<TValues>[],
  setError: UseFormSetError<TValues>,
): boolean {
  let placed = false;
  for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
    const path = fieldError.path.replace(/^\//, '').replaceAll('/', '.');
    const field = fields.find((name) => name === path);
    if (field) {
      setError(field, { message: fieldError.message });
      placed = true;
    }
  }
  return placed;
}
