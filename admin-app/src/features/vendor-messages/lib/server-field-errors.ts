import { isApiError } from '@shop/sdk/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts the server's field errors (`/subject`) beside the fields of the form that has them. */
export function showServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly Path<TValues>[],
  setError: UseFormSetError<TValues>,
): void {
  for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
    const field = fields.find((name) => `/${name}` === fieldError.path);
    if (field) setError(field, { message: fieldError.message });
  }
}
