import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/add-product/aliexpress')({
  component: MarketplaceImportScreen,
});

function MarketplaceImportScreen() {
  return <ScreenTitle title="AliExpress Import" />;
}
