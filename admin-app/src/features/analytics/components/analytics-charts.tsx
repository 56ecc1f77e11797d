import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';

type Series = Schemas['AnalyticsOverview']['series'];

// The charting library is loaded after the screen's first paint (see analytics-page.tsx).

export const CHART_HEIGHT = 260;

export function SalesArea({ points }: { points: Series }) {
  return (
    <AreaChart
      h={CHART_HEIGHT}
      role="img"
      aria-label="Sales per day"
      data={points}
      dataKey="date"
      series={[{ name: 'sales', label: 'Sales', color: 'teal.6' }]}
      curveType="monotone"
      valueFormatter={(value) => formatMoney(value, 'USD')}
    />
  );
}

export function OrdersVisitsBars({ points }: { points: Series }) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      role="img"
      aria-label="Orders and visits per day"
      data={points}
      dataKey="date"
      series={[
        { name: 'visits', label: 'Visits', color: 'blue.4' },
        { name: 'orders', label: 'Orders', color: 'grape.6' },
      ]}
      withLegend
    />
  );
}
