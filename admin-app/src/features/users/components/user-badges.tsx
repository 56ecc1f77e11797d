import { Badge, Group } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

type UserAccount = Schemas['UserAccount'];

const ROLE_COLORS: Record<UserAccount['role'], string> = { admin: 'grape', manager: 'indigo', user: 'gray' };

/** The list's role; a staff account also names its real staff role. */
export function UserRoleBadge({ user }: { user: UserAccount }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={ROLE_COLORS[user.role]}>
        {user.role}
      </Badge>
      {user.staffRole ? (
        <Badge variant="outline" color="gray" size="sm">
          {user.staffRole}
        </Badge>
      ) : null}
    </Group>
  );
}

export function UserStatusBadge({ user }: { user: UserAccount }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={user.status === 'Active' ? 'teal' : 'red'}>
        {user.status}
      </Badge>
      {user.invited ? (
        <Badge variant="outline" color="yellow" size="sm">
          Invited
        </Badge>
      ) : null}
    </Group>
  );
}
