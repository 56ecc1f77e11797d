import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Runs a form's submit validation (showing its errors) and resolves with the parsed values, or null. */
export function validated<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
): Promise<Output | null> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      (values) => resolve(values),
      () => resolve(null),
    )();
  });
}
