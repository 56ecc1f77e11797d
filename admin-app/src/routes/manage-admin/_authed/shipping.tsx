import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { CourierIntegration } from '../../../features/couriers/components/courier-integration';

export const Route = createFileRoute('/manage-admin/_authed/shipping')({
  component: ShippingScreen,
});

function ShippingScreen() {
  return (
    <>
      <ScreenTitle title="Courier Integration & API Logs" />
      <CourierIntegration />
    </>
  );
}
