import { createFileRoute } from '@tanstack/react-router';
import { CartRemindersUnsubscribe } from '../features/cart/components/cart-reminders-unsubscribe';

export const Route = createFileRoute('/cart-reminders')({
  // `unsubscribe` is the signed token of a cart reminder's unsubscribe link.
  validateSearch: (search: Record<string, unknown>): { unsubscribe?: string } =>
    typeof search.unsubscribe === 'string' && search.unsubscribe.trim() !== ''
      ? { unsubscribe: search.unsubscribe.trim() }
      : {},
  component: CartRemindersRoute,
});

function CartRemindersRoute() {
  const { unsubscribe } = Route.useSearch();
  return <CartRemindersUnsubscribe token={unsubscribe} />;
}
