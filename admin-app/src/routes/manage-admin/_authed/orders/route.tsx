import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SectionHeader } from '../../../../components/section-header';

export const Route = createFileRoute('/manage-admin/_authed/orders')({
  component: OrdersSection,
});

// Spec 2 §2: the orders group's header and navigation.
function OrdersSection() {
  return (
    <>
      <SectionHeader
        title="Order Management"
        links={[
          { label: 'All Orders', to: '/manage-admin/orders' },
          { label: 'Order Details', to: '/manage-admin/orders/details' },
          { label: 'Manual Order', to: '/manage-admin/orders/manual' },
          { label: 'AliExpress Forwarding', to: '/manage-admin/orders/aliexpress' },
          { label: 'Failed/Cancelled', to: '/manage-admin/orders/recovery' },
          { label: 'Refunds', to: '/manage-admin/orders/refunds' },
          { label: 'Claims', to: '/manage-admin/orders/claims' },
          { label: 'Payments', to: '/manage-admin/orders/payments' },
          { label: 'Status Logs', to: '/manage-admin/orders/status-logs' },
        ]}
      />
      <Outlet />
    </>
  );
}
