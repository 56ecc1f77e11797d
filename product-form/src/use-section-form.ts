import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * When a form shows its errors: on submit only (the import screen, spec 1 §5 "on submit"), or also when a field
 * is left (the wizard, where 'Next Step' stays disabled until the step is complete and the user needs to see why).
 */
type ValidateOn = 'submit' | 'blur';

/**
 * One product form section: a react-hook-form over its zod schema. Spec 1 §5: a field's error clears as soon as
 * the field is edited; it is checked again at the next submit (or blur).
 */
export function useSectionForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  validateOn: ValidateOn,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: validateOn === 'blur' ? 'onBlur' : 'onSubmit',
    reValidateMode: validateOn === 'blur' ? 'onBlur' : 'onSubmit',
  });

  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      // Only edits by the user; a reset or setValue from code leaves the errors alone.
      if (!name || type !== 'change') return;
      form.clearErrors(name as Path<Input>);
      // A list-wide message ('Please fill in all attribute names and values.') clears with any edit of a row.
      const [list, index] = name.split('.');
      if (index !== undefined) form.clearErrors(`${list}.root` as Path<Input>);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return form;
}
