import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/source')({
  component: ProductSourceScreen,
});

function ProductSourceScreen() {
  return <ScreenTitle title="Create New Product" />;
}
