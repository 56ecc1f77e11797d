import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { OrderDetailsView } from '../../../../features/orders/components/details/order-details-view';
import { OrderPicker } from '../../../../features/orders/components/details/order-picker';
import { orderDetailsSearchSchema } from '../../../../features/orders/schemas/screen-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/details')({
  validateSearch: orderDetailsSearchSchema,
  component: OrderDetailsScreen,
});

function OrderDetailsScreen() {
  const { id, mode } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <ScreenTitle title="Order Details" />
      {id ? (
        <OrderDetailsView
          id={id}
          mode={mode}
          onModeChange={(next) => void navigate({ search: { id, mode: next } })}
        />
      ) : (
        <OrderPicker onOpen={(next) => void navigate({ search: { id: next } })} />
      )}
    </>
  );
}
