import { createFileRoute } from '@tanstack/react-router';
import { DisputeCenter } from '../../features/disputes/components/dispute-center';

/** `order` comes from an order page's "Open a dispute": that order is chosen in the form. */
function orderFrom(value: unknown): string | undefined {
  // The router reads `?order=123456` as a number.
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text === '' ? undefined : text;
}

export const Route = createFileRoute('/profile/appeal-dispute-center')({
  validateSearch: (search: Record<string, unknown>): { order?: string } => {
    const order = orderFrom(search.order);
    return order ? { order } : {};
  },
  component: DisputeCenterRoute,
});

function DisputeCenterRoute() {
  const { order } = Route.useSearch();
  // A new order chosen from elsewhere starts a fresh form.
  return <DisputeCenter key={order ?? ''} orderId={order} />;
}
