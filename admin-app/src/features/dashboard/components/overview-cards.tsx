import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@shop/ui/format';
import type { ReactNode } from 'react';
import type { DashboardData } from '../api/use-dashboard-data';
import { DashboardSection } from './dashboard-section';

// The contract gives every sales figure in USD (StatsOverview).
const SALES_CURRENCY = 'USD';

export const formatCount = (value: number) => value.toLocaleString('en-US');

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Group>
  );
}

/** Spec 1 §2.5 overview cards. */
export function OverviewCards({ data }: { data: DashboardData }) {
  return (
    <SimpleGrid component="section" aria-label="Overview" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <DashboardSection title="Total Sales" data={data}>
        {({ overview }) => (
          <Stack gap={4}>
            <Figure label="Today" value={formatMoney(overview.salesToday, SALES_CURRENCY)} />
            <Figure label="This Week" value={formatMoney(overview.salesWeek, SALES_CURRENCY)} />
            <Figure label="This Month" value={formatMoney(overview.salesMonth, SALES_CURRENCY)} />
          </Stack>
        )}
      </DashboardSection>
      <DashboardSection title="Orders Count" data={data}>
        {({ overview }) => (
          <Stack gap={4}>
            <Figure label="B2C" value={formatCount(overview.orders.b2c)} />
            <Figure label="D2C" value={formatCount(overview.orders.d2c)} />
            <Figure label="B2B" value={formatCount(overview.orders.b2b)} />
          </Stack>
        )}
      </DashboardSection>
      <DashboardSection title="Traffic Summary" data={data} skeletonLines={2}>
        {({ overview }) => (
          <Stack gap={4}>
            <Figure label="Visitors" value={formatCount(overview.traffic.visitors)} />
            <Figure label="Pageviews" value={formatCount(overview.traffic.pageviews)} />
          </Stack>
        )}
      </DashboardSection>
      <DashboardSection title="Conversion Rate" data={data} skeletonLines={1}>
        {({ overview }) => (
          <Text size="xl" fw={700}>
            {overview.conversion.toFixed(2)}%
          </Text>
        )}
      </DashboardSection>
      <DashboardSection title="Top Products" data={data} skeletonLines={1}>
        {({ overview }) =>
          overview.topProducts[0] ? (
            <Text fw={600} lineClamp={2}>
              {overview.topProducts[0]}
            </Text>
          ) : (
            <Text c="dimmed">No sales yet</Text>
          )
        }
      </DashboardSection>
      <DashboardSection title="Recovered Orders" data={data} skeletonLines={2}>
        {({ overview }) => (
          <Stack gap={4}>
            <Figure label="Orders (30 days)" value={formatCount(overview.recoveredOrders.count)} />
            <Figure label="Revenue" value={formatMoney(overview.recoveredOrders.revenue, SALES_CURRENCY)} />
          </Stack>
        )}
      </DashboardSection>
      <DashboardSection title="API Calls Today" data={data} skeletonLines={1}>
        {({ apiCallsToday }) => (
          <Text size="xl" fw={700}>
            {formatCount(apiCallsToday)}
          </Text>
        )}
      </DashboardSection>
    </SimpleGrid>
  );
}
