import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/orders/manual')({
  component: ManualOrderScreen,
});

function ManualOrderScreen() {
  return <ScreenTitle title="Manual Order Placement" />;
}
