import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { labelOf } from '../lib/dispute-values';

type DisputeStatCardsProps = {
  /** GET /dispute/stats over every dispute. */
  stats: Schemas['DisputeStats'] | undefined;
  failed: boolean;
};

// The statuses counted beside the total and the open cases.
const COUNTED = ['under_review', 'escalated', 'resolved', 'closed'] as const;

/** The desk's counts: every dispute, the open ones, and each later status. */
export function DisputeStatCards({ stats, failed }: DisputeStatCardsProps) {
  const countOf = (status: (typeof COUNTED)[number]) =>
    stats?.byStatus.find((entry) => entry._id === status)?.count ?? 0;
  const cards = [
    { label: 'Total Disputes', value: stats?.total },
    { label: 'Open Cases', value: stats?.open },
    ...COUNTED.map((status) => ({ label: labelOf(status), value: stats ? countOf(status) : undefined })),
  ];
  return (
    <SimpleGrid component="section" aria-label="Dispute counts" cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" radius="md" aria-label={card.label} role="group">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          {card.value !== undefined ? (
            <Text size="xl" fw={700}>
              {card.value.toLocaleString('en-US')}
            </Text>
          ) : failed ? (
            <Text size="xl" fw={700} c="dimmed">
              —
            </Text>
          ) : (
            <Skeleton height={28} width={60} mt={4} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
