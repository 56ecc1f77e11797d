import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/orders/status-logs')({
  component: StatusLogsScreen,
});

function StatusLogsScreen() {
  return <ScreenTitle title="Order Status History Logs" />;
}
