import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { RolesEditor } from '../../../../features/roles/components/roles-editor';

export const Route = createFileRoute('/manage-admin/_authed/admin/roles')({
  component: AdminRolesScreen,
});

function AdminRolesScreen() {
  return (
    <>
      <ScreenTitle title="Roles & Permissions" />
      <RolesEditor />
    </>
  );
}
