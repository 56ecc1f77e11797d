import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { RoleMatrix } from '../../../../features/roles/components/role-matrix';

export const Route = createFileRoute('/manage-admin/_authed/users/roles')({
  component: UserRolesScreen,
});

function UserRolesScreen() {
  return (
    <>
      <ScreenTitle title="Roles & Permissions" />
      <RoleMatrix />
    </>
  );
}
