import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { formatMoney } from '@shop/ui/format';
import type { ReadyDashboardData } from '../api/use-dashboard-data';

type DashboardOverview = ReadyDashboardData['overview'];

import { formatCount } from './overview-cards';

// The charting library is most of the dashboard's weight: this module is loaded after the dashboard's first paint.

export const CHART_HEIGHT = 260;

export function RevenueVsRefundArea({ points }: { points: DashboardOverview['revenueVsRefund'] }) {
  return (
    <AreaChart
      h={CHART_HEIGHT}
      role="img"
      aria-label="Revenue and refunds per day over the last 30 days"
      data={points}
      dataKey="date"
      series={[
        { name: 'revenue', label: 'Revenue', color: 'teal.6' },
        { name: 'refund', label: 'Refund', color: 'red.6' },
      ]}
      curveType="monotone"
      withLegend
      valueFormatter={(value) => formatMoney(value, 'USD')}
    />
  );
}

export function CustomerGeoBars({ points }: { points: DashboardOverview['geo'] }) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      role="img"
      aria-label="Orders by ship-to country"
      data={points}
      dataKey="country"
      series={[{ name: 'orders', label: 'Orders', color: 'blue.6' }]}
      valueFormatter={formatCount}
    />
  );
}
