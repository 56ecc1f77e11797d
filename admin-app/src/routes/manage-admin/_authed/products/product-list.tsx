import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/product-list')({
  component: ProductListScreen,
});

function ProductListScreen() {
  return <ScreenTitle title="Product List" />;
}
