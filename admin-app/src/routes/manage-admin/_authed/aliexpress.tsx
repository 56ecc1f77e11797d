import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { AliExpressIntegration } from '../../../features/aliexpress/components/aliexpress-integration';

export const Route = createFileRoute('/manage-admin/_authed/aliexpress')({
  component: MarketplaceIntegrationScreen,
});

function MarketplaceIntegrationScreen() {
  return (
    <>
      <ScreenTitle title="AliExpress Integration" />
      <AliExpressIntegration />
    </>
  );
}
