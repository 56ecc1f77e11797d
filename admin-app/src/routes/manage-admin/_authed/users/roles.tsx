import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/users/roles')({
  component: UserRolesScreen,
});

function UserRolesScreen() {
  return <ScreenTitle title="Roles & Permissions" />;
}
