import { isApiError } from '@shop/sdk/client';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (JSON pointers such as `/shippingAddress/city`) beside the form's fields.
 * `under` names the body property a form fills when it is not the whole body (`resolution` for
 * `/resolution/amount`). Answers whether any landed on a field of the form.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<TValues>[],
  setError: UseFormSetError<TValues>,
  under?: string,
): boolean {
  let placed = false;
  for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
    const pointer = under ? fieldError.path.replace(new RegExp(`^/${under}(?=/)`), '') : fieldError.path;
    const path = pointer.replace(/^\//, '').replaceAll('/', '.');
    const field = fields.find((name) => name === path);
    if (field) {
      setError(field, { message: fieldError.message });
      placed = true;
    }
  }
  return placed;
}
