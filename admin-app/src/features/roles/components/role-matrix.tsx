import { Alert, Checkbox, Loader, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useStaffMember } from '../../../components/shell/staff-member';
import { useUpdateRole } from '../api/roles.mutations';
import { roleQueries } from '../api/roles.queries';
import { MATRIX_PERMISSIONS, MATRIX_ROLES, toggled } from '../lib/role-matrix';

type Role = Schemas['Role'];

/**
 * The users group's Roles & Permissions matrix (spec 2 §6): the roles admin, manager and user against the keys
 * manage_users, edit_products, view_orders, refunds and analytics. Each toggle is saved to the server at once.
 */
export function RoleMatrix() {
  const roles = useQuery(roleQueries.list());
  const update = useUpdateRole();
  const staff = useStaffMember();

  if (roles.isPending) return <Loader aria-label="Loading roles" />;
  if (roles.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(roles.error, 'Could not load the roles.')}
      </Alert>
    );
  }
  const byName = new Map<string, Role>(roles.data.data.map((role) => [role.name, role]));

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        These are the staff roles seen from the users screen: admin is Manager, manager is Editor and user is
        Support. A change applies to every staff member of that role; their other permissions are edited under
        Admin & Role Management, Roles & Permissions.
      </Text>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            {MATRIX_PERMISSIONS.map(({ key }) => (
              <Table.Th key={key}>{key}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {MATRIX_ROLES.map(({ name, role }) => {
            const row = byName.get(role);
            const saving = update.isPending && update.variables?.params.path.name === role;
            // Only a SuperAdmin changes the role they are in; nobody ticks a key they do not hold.
            const ownRole = staff?.role === role;
            const canTick = (permission: Schemas['AdminPermission']) =>
              staff?.permissions.includes(permission) ?? false;
            return (
              <Table.Tr key={name}>
                <Table.Th scope="row">
                  {name}
                  <Text size="xs" c="dimmed">
                    {role}
                  </Text>
                </Table.Th>
                {MATRIX_PERMISSIONS.map(({ key, permission }) => (
                  <Table.Td key={key}>
                    <Checkbox
                      aria-label={`${name} ${key}`}
                      checked={row?.permissions.includes(permission) ?? false}
                      disabled={
                        !row ||
                        saving ||
                        ownRole ||
                        (!row.permissions.includes(permission) && !canTick(permission))
                      }
                      onChange={(event) => {
                        if (!row) return;
                        update.mutate(
                          {
                            params: { path: { name: role } },
                            body: {
                              permissions: toggled(row.permissions, permission, event.currentTarget.checked),
                            },
                          },
                          {
                            onSuccess: (answer) =>
                              toast.success(answer.message ?? `${role} permissions saved.`),
                          },
                        );
                      }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {update.error ? (
        <Alert color="red" role="alert">
          {errorMessage(update.error, 'Could not save the role.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
