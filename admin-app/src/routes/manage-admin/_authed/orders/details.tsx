import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/orders/details')({
  component: OrderDetailsScreen,
});

function OrderDetailsScreen() {
  return <ScreenTitle title="Order Details" />;
}
