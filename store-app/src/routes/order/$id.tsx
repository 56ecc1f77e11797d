import { Stack } from '@mantine/core';
import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { OrderParcelClaims } from '../../features/claims/components/parcel-claims';
import { OrderDetails } from '../../features/orders/components/order-details';
import { OrderParcels } from '../../features/orders/components/order-parcels';
import { OrderReturns } from '../../features/returns/components/return-request-panel';
import { useSessionUser } from '../../lib/session';

export const Route = createFileRoute('/order/$id')({
  // An order is the shopper's own: signed out, they sign in first and come back here.
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { id } = Route.useParams();
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" search={{ redirect: `/order/${encodeURIComponent(id)}` }} />;
  return (
    <Stack gap="lg">
      <OrderDetails id={id} />
      <OrderParcels id={id} />
      <OrderParcelClaims id={id} />
      <OrderReturns id={id} />
    </Stack>
  );
}
