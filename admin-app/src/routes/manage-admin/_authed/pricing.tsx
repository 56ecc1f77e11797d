import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { PricingManagement } from '../../../features/pricing/components/pricing-management';

export const Route = createFileRoute('/manage-admin/_authed/pricing')({
  component: PricingScreen,
});

function PricingScreen() {
  return (
    <>
      <ScreenTitle title="Pricing & Profit Management" />
      <PricingManagement />
    </>
  );
}
