import { isApiError } from '@shop/sdk/client';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** Puts the server's field errors (JSON pointers such as `/endsAt`) beside the form's fields. */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<TValues>[],
  setError: UseFormSetError<TValues>,
): void {
  for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
    const path = fieldError.path.replace(/^\//, '').replaceAll('/', '.');
    const field = fields.find((name) => name === path);
    if (field) setError(field, { message: fieldError.message });
  }
}
