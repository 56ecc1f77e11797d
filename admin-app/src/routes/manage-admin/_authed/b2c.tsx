import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/b2c')({
  component: B2cManagementScreen,
});

function B2cManagementScreen() {
  return <ScreenTitle title="B2C Management" />;
}
