import { Alert, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useQuery } from '@tanstack/react-query';
import { roleQueries } from '../api/roles.queries';
import { RoleCard } from './role-card';

/** Roles & Permissions under the Admin group: every staff role with its permission keys, saved per role. */
export function RolesEditor() {
  const roles = useQuery(roleQueries.list());

  if (roles.isPending) return <Loader aria-label="Loading roles" />;
  if (roles.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(roles.error, 'Could not load the roles.')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        A role's permissions are what a new admin of that role starts with. Saving a role gives every admin of
        that role the same permissions.
      </Text>
      {roles.data.data.map((role) => (
        // A saved role comes back with a new updatedAt, which starts its card afresh from the server's keys.
        <RoleCard key={`${role.name}:${role.updatedAt}`} role={role} />
      ))}
    </Stack>
  );
}
