import { createFileRoute } from '@tanstack/react-router';
import { VendorProductEditor } from '../../../features/products/components/vendor-product-editor';

export const Route = createFileRoute('/manage-vandor/products/new')({
  component: VendorProductEditor,
});
