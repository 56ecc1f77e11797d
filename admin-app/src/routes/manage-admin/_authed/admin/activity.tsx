import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/admin/activity')({
  component: AdminActivityScreen,
});

function AdminActivityScreen() {
  return <ScreenTitle title="Activity Logs" />;
}
