import { createFileRoute } from '@tanstack/react-router';
import { useStaffMember } from '../../../components/shell/staff-member';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { SupplierAlertsPanel } from '../../../features/suppliers/components/supplier-alerts-panel';

export const Route = createFileRoute('/manage-admin/_authed/dashboard')({
  component: DashboardScreen,
});

/** The dashboard, with the open supplier alerts for staff who look after products. */
function DashboardScreen() {
  const canDecide = useStaffMember()?.can(['products']) ?? false;
  return <DashboardPage supplierAlerts={canDecide ? <SupplierAlertsPanel /> : null} />;
}
