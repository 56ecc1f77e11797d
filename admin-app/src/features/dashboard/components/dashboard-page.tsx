import { SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { useDashboardData } from '../api/use-dashboard-data';
import { CustomerGeoChart, RevenueVsRefundChart } from './dashboard-charts';
import { OverviewCards } from './overview-cards';
import { PendingActions } from './pending-actions';
import { QuickActions } from './quick-actions';
import { SystemAlerts } from './system-alerts';
import { TopSellingProducts } from './top-selling-products';

/** Spec 1 §2.5; `supplierAlerts`: the supply chain's open alerts, when the route shows them. */
export function DashboardPage({ supplierAlerts }: { supplierAlerts?: ReactNode }) {
  const data = useDashboardData();
  return (
    <Stack gap="lg">
      <ScreenTitle title="Dashboard" />
      <OverviewCards data={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <QuickActions />
        <SystemAlerts data={data} />
      </SimpleGrid>
      {supplierAlerts}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RevenueVsRefundChart data={data} />
        <CustomerGeoChart data={data} />
      </SimpleGrid>
      <TopSellingProducts data={data} />
      <PendingActions data={data} />
    </Stack>
  );
}
