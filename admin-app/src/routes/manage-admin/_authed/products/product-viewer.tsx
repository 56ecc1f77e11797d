import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/product-viewer')({
  component: ProductViewerScreen,
});

function ProductViewerScreen() {
  return <ScreenTitle title="Product Viewer" />;
}
