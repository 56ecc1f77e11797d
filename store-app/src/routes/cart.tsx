import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/components/cart-page';
import { useStoreSettings } from '../features/settings/settings-store';

export const Route = createFileRoute('/cart')({
  component: CartRoute,
});

function CartRoute() {
  const { currency } = useStoreSettings();
  return <CartPage currency={currency} />;
}
