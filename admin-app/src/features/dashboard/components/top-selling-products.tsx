import { List, Text } from '@mantine/core';
import type { DashboardData } from '../api/use-dashboard-data';
import { DashboardSection } from './dashboard-section';

// Spec 1 §9: top products shown: 5.
const TOP_PRODUCTS_SHOWN = 5;

export function TopSellingProducts({ data }: { data: DashboardData }) {
  return (
    <DashboardSection title="Top 5 Selling Products" data={data} skeletonLines={5}>
      {({ overview }) =>
        overview.topProducts.length === 0 ? (
          <Text c="dimmed">No sales yet</Text>
        ) : (
          <List type="ordered" spacing="xs">
            {overview.topProducts.slice(0, TOP_PRODUCTS_SHOWN).map((title, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two products may share a title; rank is the identity
              <List.Item key={index}>
                <Text size="sm">{title}</Text>
              </List.Item>
            ))}
          </List>
        )
      }
    </DashboardSection>
  );
}
