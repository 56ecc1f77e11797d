import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { type PaymentOutcome, PaymentReturn } from '../../features/payments/components/payment-return';
import { useSessionUser } from '../../lib/session';
import { z } from '../../lib/zod';

const OUTCOMES = [
  'paid',
  'failed',
  'cancelled',
  'pending',
  'unknown',
] as const satisfies readonly PaymentOutcome[];

/** Where the API sends the shopper back from a payment provider's page (`?order=...&outcome=...`). */
export const Route = createFileRoute('/payment/return')({
  validateSearch: z.object({
    order: z.string().max(64).optional().catch(undefined),
    outcome: z.enum(OUTCOMES).catch('unknown'),
  }),
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: PaymentReturnRoute,
});

function PaymentReturnRoute() {
  const { order, outcome } = Route.useSearch();
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" search={{ redirect: '/payment/return' }} />;
  return <PaymentReturn orderId={order} outcome={outcome} />;
}
