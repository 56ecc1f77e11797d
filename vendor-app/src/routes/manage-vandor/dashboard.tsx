import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueries } from '../../features/dashboard/api/dashboard.queries';
import { VendorDashboard } from '../../features/dashboard/components/vendor-dashboard';

export const Route = createFileRoute('/manage-vandor/dashboard')({
  // Started while the route loads; the screen shows its skeletons until it arrives.
  loader: ({ context }) => void context.queryClient.prefetchQuery(dashboardQueries.figures()),
  component: VendorDashboard,
});
