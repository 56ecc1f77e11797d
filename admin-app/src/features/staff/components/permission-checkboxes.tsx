import { Checkbox, SimpleGrid } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useStaffMember } from '../../../components/shell/staff-member';
import { PERMISSION_KEYS } from '../lib/staff-values';

type PermissionCheckboxesProps<TValues extends FieldValues> = {
  // biome-ignore lint/suspicious/noExplicitAny: the forms' resolvers transform their values, as in @shop/ui/form-fields
  control: Control<TValues, any, any>;
  name: Path<TValues>;
};

/**
 * The permission keys as checkboxes, bound to a form's `permissions` list. Nobody grants what they do not hold:
 * a key the signed-in staff member lacks can be taken away but not added (the server refuses it too).
 */
export function PermissionCheckboxes<TValues extends FieldValues>({
  control,
  name,
}: PermissionCheckboxesProps<TValues>) {
  const { field } = useController({ control, name });
  const value = (field.value ?? []) as Schemas['AdminPermission'][];
  const [initial] = useState(value);
  const held = useStaffMember()?.permissions ?? [];
  // A ticked key can always be unticked; an unticked one only ticked again if it is held or was there before.
  const grantable = (key: Schemas['AdminPermission']) =>
    held.includes(key) || initial.includes(key) || value.includes(key);
  const limited = PERMISSION_KEYS.some((key) => !held.includes(key));
  return (
    <Checkbox.Group
      label="Permissions"
      description={limited ? 'You can grant only the permissions you hold.' : undefined}
      value={value}
      onChange={field.onChange}
    >
      <SimpleGrid cols={{ base: 2, sm: 5 }} mt="xs">
        {PERMISSION_KEYS.map((key) => (
          <Checkbox key={key} value={key} label={key} disabled={!grantable(key)} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
