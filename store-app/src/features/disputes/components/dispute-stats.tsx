import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

type DisputeStatsProps = { stats: Schemas['DisputeStats'] | undefined };

function countOf(stats: Schemas['DisputeStats'], status: Schemas['DisputeStatus']): number {
  return stats.byStatus.find((entry) => entry._id === status)?.count ?? 0;
}

/** Spec §2: Total Disputes, Open Cases, Resolved, Escalated, from GET /dispute/stats. */
export function DisputeStats({ stats }: DisputeStatsProps) {
  const cards = [
    { label: 'Total Disputes', value: stats?.total },
    { label: 'Open Cases', value: stats?.open },
    { label: 'Resolved', value: stats && countOf(stats, 'resolved') },
    { label: 'Escalated', value: stats && countOf(stats, 'escalated') },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {cards.map(({ label, value }) => (
        <Card component="li" withBorder key={label} aria-label={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={32} w={48} mt={4} aria-hidden />
          ) : (
            <Text fz={28} fw={700}>
              {value}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
