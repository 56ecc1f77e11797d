import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/admin/users')({
  component: AdminListScreen,
});

function AdminListScreen() {
  return <ScreenTitle title="Admin List" />;
}
