import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import { SHIP_TO_COUNTRIES } from '../features/settings/settings-options';
import { useStoreSettings } from '../features/settings/settings-store';
import { useSessionUser } from '../lib/session';

export const Route = createFileRoute('/checkout')({
  // Placing an order needs a signed-in shopper: sign in first, then come back here.
  beforeLoad: ({ context }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/login', search: { redirect: '/checkout' } });
  },
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const user = useSessionUser();
  const { currency, shipToCountry } = useStoreSettings();
  // The session can end while the form is open (a 401 from the API, logout in another tab).
  if (!user) return <Navigate to="/login" search={{ redirect: '/checkout' }} />;
  return <CheckoutPage currency={currency} shipToCountry={shipToCountry} countries={SHIP_TO_COUNTRIES} />;
}
