import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/admin/roles')({
  component: AdminRolesScreen,
});

function AdminRolesScreen() {
  return <ScreenTitle title="Roles & Permissions" />;
}
