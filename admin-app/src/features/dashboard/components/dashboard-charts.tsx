import { Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { DashboardData } from '../api/use-dashboard-data';
import { DashboardSection } from './dashboard-section';

// Same height as the charts, so the page does not jump when they arrive.
const CHART_HEIGHT = 260;

const RevenueVsRefundArea = lazy(() =>
  import('./dashboard-chart-bodies').then((module) => ({ default: module.RevenueVsRefundArea })),
);
const CustomerGeoBars = lazy(() =>
  import('./dashboard-chart-bodies').then((module) => ({ default: module.CustomerGeoBars })),
);

const chartPlaceholder = <Skeleton h={CHART_HEIGHT} aria-label="Loading chart" />;

/** Revenue and refunds per day over the last 30 days (the server sends one entry per day, oldest first). */
export function RevenueVsRefundChart({ data }: { data: DashboardData }) {
  return (
    <DashboardSection title="Revenue vs Refund" data={data} skeletonLines={6}>
      {({ overview }) =>
        overview.revenueVsRefund.length === 0 ? (
          <Text c="dimmed">No sales in the last 30 days</Text>
        ) : (
          <Suspense fallback={chartPlaceholder}>
            <RevenueVsRefundArea points={overview.revenueVsRefund} />
          </Suspense>
        )
      }
    </DashboardSection>
  );
}

/** Orders by ship-to country, most first. */
export function CustomerGeoChart({ data }: { data: DashboardData }) {
  return (
    <DashboardSection title="Customer Geo Distribution" data={data} skeletonLines={6}>
      {({ overview }) =>
        overview.geo.length === 0 ? (
          <Text c="dimmed">No orders yet</Text>
        ) : (
          <Suspense fallback={chartPlaceholder}>
            <CustomerGeoBars points={overview.geo} />
          </Suspense>
        )
      }
    </DashboardSection>
  );
}
