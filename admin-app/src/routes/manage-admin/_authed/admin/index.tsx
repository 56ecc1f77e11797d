import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { AdminHub } from '../../../../features/staff/components/admin-hub';

export const Route = createFileRoute('/manage-admin/_authed/admin/')({
  component: AdminHubScreen,
});

function AdminHubScreen() {
  return (
    <>
      <ScreenTitle title="Admin & Role Management" />
      <AdminHub />
    </>
  );
}
