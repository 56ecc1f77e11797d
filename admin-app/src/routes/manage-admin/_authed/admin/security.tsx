import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/admin/security')({
  component: AdminSecurityScreen,
});

function AdminSecurityScreen() {
  return <ScreenTitle title="Security Settings" />;
}
