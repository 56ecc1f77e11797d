import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import {
  type AdminPermission,
  isPermissionKey,
  PERMISSION_KEYS,
} from '../../../components/shell/staff-access';
import { useStaffMember } from '../../../components/shell/staff-member';
import { useUpdateRole } from '../api/roles.mutations';

type Role = Schemas['Role'];

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key) => b.includes(key));

/** One role: its permission keys as checkboxes and its own Save. The parent remounts it when the role changes. */
export function RoleCard({ role }: { role: Role }) {
  const [draft, setDraft] = useState<AdminPermission[]>(role.permissions);
  const update = useUpdateRole();
  const staff = useStaffMember();
  // SuperAdmin always holds every key (the server refuses less), so its boxes stay as they are; and only a
  // SuperAdmin changes the role they are in, since changing it would grant to oneself.
  const ownRole = staff?.role === role.name && role.name !== 'SuperAdmin';
  const locked = role.name === 'SuperAdmin' || ownRole;
  // Nobody grants what they do not hold: a key the editor lacks can be taken away, never added.
  const grantable = (key: AdminPermission) =>
    role.permissions.includes(key) || (staff?.permissions.includes(key) ?? false);
  const changed = !sameKeys(draft, role.permissions);
  const titleId = `role-${role.name}`;

  const save = () =>
    update.mutate(
      { params: { path: { name: role.name } }, body: { permissions: draft } },
      { onSuccess: (answer) => toast.success(answer.message ?? `${role.name} permissions saved.`) },
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h4" id={titleId}>
              {role.name}
            </Title>
            <Text size="sm" c="dimmed">
              {role.description}
            </Text>
          </Stack>
          <Badge variant="light" color="gray">
            {role.admins === 1 ? '1 staff member' : `${role.admins} staff members`}
          </Badge>
        </Group>
        <Checkbox.Group
          aria-label={`${role.name} permissions`}
          value={draft}
          onChange={(keys) =>
            setDraft(PERMISSION_KEYS.filter((key) => keys.filter(isPermissionKey).includes(key)))
          }
          description={
            ownRole
              ? 'You cannot change the role you are in. Ask a SuperAdmin.'
              : locked
                ? 'SuperAdmin always holds every permission.'
                : undefined
          }
        >
          <SimpleGrid cols={{ base: 2, lg: 5 }} mt="xs">
            {PERMISSION_KEYS.map((key) => (
              <Checkbox
                key={key}
                value={key}
                label={key}
                disabled={locked || update.isPending || !grantable(key)}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {update.error ? (
          <Alert color="red" role="alert">
            {errorMessage(update.error, `Could not save the ${role.name} role.`)}
          </Alert>
        ) : null}
        {locked ? null : (
          <Group justify="flex-end">
            <Button onClick={save} disabled={!changed} loading={update.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
