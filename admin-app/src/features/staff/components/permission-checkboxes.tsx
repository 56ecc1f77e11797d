import { Checkbox, SimpleGrid } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { PERMISSION_KEYS } from '../lib/staff-values';

type PermissionCheckboxesProps<TValues extends FieldValues> = {
  // biome-ignore lint/suspicious/noExplicitAny: the forms' resolvers transform their values, as in @shop/ui/form-fields
  control: Control<TValues, any, any>;
  name: Path<TValues>;
};

/** The permission keys as checkboxes, bound to a form's `permissions` list. */
export function PermissionCheckboxes<TValues extends FieldValues>({
  control,
  name,
}: PermissionCheckboxesProps<TValues>) {
  const { field } = useController({ control, name });
  const value = (field.value ?? []) as Schemas['AdminPermission'][];
  return (
    <Checkbox.Group label="Permissions" value={value} onChange={field.onChange}>
      <SimpleGrid cols={{ base: 2, sm: 5 }} mt="xs">
        {PERMISSION_KEYS.map((key) => (
          <Checkbox key={key} value={key} label={key} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
