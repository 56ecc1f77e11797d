import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/d2c')({
  component: D2cManagementScreen,
});

function D2cManagementScreen() {
  return <ScreenTitle title="Domestic D2C Management" />;
}
