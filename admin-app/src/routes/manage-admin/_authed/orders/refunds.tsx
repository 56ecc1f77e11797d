import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/orders/refunds')({
  component: RefundsScreen,
});

function RefundsScreen() {
  return <ScreenTitle title="Refund Handling" />;
}
