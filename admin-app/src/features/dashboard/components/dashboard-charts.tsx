import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { formatMoney } from '@shop/ui/format';
import type { DashboardData } from '../api/use-dashboard-data';
import { DashboardSection } from './dashboard-section';
import { formatCount } from './overview-cards';

const CHART_HEIGHT = 260;

/** Revenue and refunds per day over the last 30 days (the server sends one entry per day, oldest first). */
export function RevenueVsRefundChart({ data }: { data: DashboardData }) {
  return (
    <DashboardSection title="Revenue vs Refund" data={data} skeletonLines={6}>
      {({ overview }) =>
        overview.revenueVsRefund.length === 0 ? (
          <Text c="dimmed">No sales in the last 30 days</Text>
        ) : (
          <AreaChart
            h={CHART_HEIGHT}
            role="img"
            aria-label="Revenue and refunds per day over the last 30 days"
            data={overview.revenueVsRefund}
            dataKey="date"
            series={[
              { name: 'revenue', label: 'Revenue', color: 'teal.6' },
              { name: 'refund', label: 'Refund', color: 'red.6' },
            ]}
            curveType="monotone"
            withLegend
            valueFormatter={(value) => formatMoney(value, 'USD')}
          />
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
          <BarChart
            h={CHART_HEIGHT}
            role="img"
            aria-label="Orders by ship-to country"
            data={overview.geo}
            dataKey="country"
            series={[{ name: 'orders', label: 'Orders', color: 'blue.6' }]}
            valueFormatter={formatCount}
          />
        )
      }
    </DashboardSection>
  );
}
