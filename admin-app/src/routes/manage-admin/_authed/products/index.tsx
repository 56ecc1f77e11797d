import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/products/')({
  component: ProductManagementScreen,
});

function ProductManagementScreen() {
  return <ScreenTitle title="Product Management" />;
}
