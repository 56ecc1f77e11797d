import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/admin/create')({
  component: CreateAdminScreen,
});

function CreateAdminScreen() {
  return <ScreenTitle title="Create Admin" />;
}
