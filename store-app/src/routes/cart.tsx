import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/components/cart-page';
import { CartRecovery } from '../features/cart/components/cart-recovery';
import { useStoreSettings } from '../features/settings/settings-store';

export const Route = createFileRoute('/cart')({
  // `recover` is the signed token of a cart reminder's link: it brings that cart back to this device.
  validateSearch: (search: Record<string, unknown>): { recover?: string } =>
    typeof search.recover === 'string' && search.recover.trim() !== ''
      ? { recover: search.recover.trim() }
      : {},
  component: CartRoute,
});

function CartRoute() {
  const { currency } = useStoreSettings();
  const { recover } = Route.useSearch();
  return (
    <>
      {recover ? <CartRecovery key={recover} token={recover} currency={currency} /> : null}
      <CartPage currency={currency} />
    </>
  );
}
