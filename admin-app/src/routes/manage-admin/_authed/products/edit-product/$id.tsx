import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/edit-product/$id')({
  component: EditProductScreen,
});

function EditProductScreen() {
  return <ScreenTitle title="Edit Product" />;
}
