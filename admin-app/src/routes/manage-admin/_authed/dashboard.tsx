import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/dashboard')({
  component: DashboardScreen,
});

function DashboardScreen() {
  return <ScreenTitle title="Dashboard" />;
}
