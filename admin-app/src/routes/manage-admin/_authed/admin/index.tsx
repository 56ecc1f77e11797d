import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/admin/')({
  component: AdminHubScreen,
});

function AdminHubScreen() {
  return <ScreenTitle title="Admin & Role Management" />;
}
