import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { ProductViewer } from '../../../../features/products/components/product-viewer';
import { productViewerSearchSchema } from '../../../../features/products/schemas/product-viewer-search';

export const Route = createFileRoute('/manage-admin/_authed/products/product-viewer')({
  validateSearch: productViewerSearchSchema,
  component: ProductViewerScreen,
});

function ProductViewerScreen() {
  const { id } = Route.useSearch();
  return (
    <>
      <ScreenTitle title="Product Viewer" />
      {id ? <ProductViewer id={id} /> : <Text c="dimmed">No product selected.</Text>}
    </>
  );
}
