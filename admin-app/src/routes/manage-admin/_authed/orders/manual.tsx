import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { ManualOrderForm } from '../../../../features/orders/components/manual-order-form';

export const Route = createFileRoute('/manage-admin/_authed/orders/manual')({
  component: ManualOrderScreen,
});

function ManualOrderScreen() {
  return (
    <>
      <ScreenTitle title="Manual Order Placement" />
      <ManualOrderForm />
    </>
  );
}
