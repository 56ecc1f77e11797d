import { createFileRoute } from '@tanstack/react-router';
import { ProductWizard } from '../../../../../features/product-form/components/product-wizard';

export const Route = createFileRoute('/manage-admin/_authed/products/add-product/')({
  component: AddProductScreen,
});

/** Spec 1 §2.12: the manual creation wizard (also reached from Factory Direct and Vendor Upload). */
function AddProductScreen() {
  return <ProductWizard mode="create" />;
}
