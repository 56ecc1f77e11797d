import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/orders/recovery')({
  component: FailedOrdersScreen,
});

function FailedOrdersScreen() {
  return <ScreenTitle title="Failed/Cancelled Orders" />;
}
