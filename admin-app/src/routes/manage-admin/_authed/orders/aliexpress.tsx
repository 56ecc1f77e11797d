import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/orders/aliexpress')({
  component: OrderForwardingScreen,
});

function OrderForwardingScreen() {
  return <ScreenTitle title="AliExpress Order Forwarding" />;
}
