import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { PaymentsScreen } from '../../../../features/payments/components/payments-screen';
import {
  type PaymentsSearch,
  paymentsSearchDefaults,
  paymentsSearchSchema,
} from '../../../../features/payments/schemas/payments-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/payments')({
  validateSearch: paymentsSearchSchema,
  // Defaults stay out of the address.
  search: { middlewares: [stripSearchParams(paymentsSearchDefaults)] },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<PaymentsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle
        title="Payments"
        subtitle="What the payment providers took, refunds, and cash on delivery."
      />
      <PaymentsScreen search={search} onSearchChange={onSearchChange} />
    </>
  );
}
