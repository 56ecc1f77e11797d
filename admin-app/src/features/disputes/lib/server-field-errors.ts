import { isApiError } from '@shop/sdk/client';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (JSON pointers such as `/resolution/amount`) beside the form's fields; `under`
 * names the body property the form fills (`resolution`). Answers whether any landed on a field.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<TValues>[],
  setError: UseFormSetError<TValues>,
  under: string,
): boolean {
  let placed = false;
  for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
    const path = fieldError.path.replace(new RegExp(`^/${under}/`), '');
    const field = fields.find((name) => name === path);
    if (field) {
      setError(field, { message: fieldError.message });
      placed = true;
    }
  }
  return placed;
}
