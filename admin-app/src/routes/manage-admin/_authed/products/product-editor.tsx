import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/product-editor')({
  component: ProductEditorScreen,
});

function ProductEditorScreen() {
  return <ScreenTitle title="Product Editor" />;
}
