import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/orders/')({
  component: OrderListScreen,
});

function OrderListScreen() {
  return <ScreenTitle title="All Orders" />;
}
