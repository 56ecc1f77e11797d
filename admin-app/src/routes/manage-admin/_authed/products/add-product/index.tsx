import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/add-product/')({
  component: AddProductScreen,
});

function AddProductScreen() {
  return <ScreenTitle title="Add Product" />;
}
