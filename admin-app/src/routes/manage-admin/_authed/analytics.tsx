import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/analytics')({
  component: AnalyticsScreen,
});

function AnalyticsScreen() {
  return <ScreenTitle title="Analytics & Reports" />;
}
