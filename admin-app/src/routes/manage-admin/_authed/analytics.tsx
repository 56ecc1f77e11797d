import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { AnalyticsPage } from '../../../features/analytics/components/analytics-page';

export const Route = createFileRoute('/manage-admin/_authed/analytics')({
  component: AnalyticsScreen,
});

function AnalyticsScreen() {
  return (
    <>
      <ScreenTitle title="Analytics & Reports" />
      <AnalyticsPage />
    </>
  );
}
