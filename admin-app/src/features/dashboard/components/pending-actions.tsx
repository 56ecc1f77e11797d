import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { DashboardData } from '../api/use-dashboard-data';
import { DashboardSection } from './dashboard-section';
import { formatCount } from './overview-cards';

/** Spec 1 §2.5 Pending Actions Overview. */
export function PendingActions({ data }: { data: DashboardData }) {
  return (
    <DashboardSection title="Pending Actions Overview" data={data} skeletonLines={4}>
      {({ pendingActions }) => {
        const items = [
          { label: 'Products Pending Approval', value: pendingActions.products },
          { label: 'Orders Awaiting Fulfillment', value: pendingActions.orders },
          { label: 'Factory/Vendor Applications', value: pendingActions.vendors },
          { label: 'Unread Support Messages', value: pendingActions.support },
        ];
        return (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {items.map((item) => (
              <Stack key={item.label} gap={2}>
                <Text size="sm" c="dimmed">
                  {item.label}
                </Text>
                <Text size="xl" fw={700}>
                  {formatCount(item.value)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        );
      }}
    </DashboardSection>
  );
}
