import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

type AdminStatCardsProps = { stats: Schemas['AdminStats'] | undefined; failed: boolean };

/** The Admin list stat cards: every staff account, and how many are Active, Suspended and Pending. */
export function AdminStatCards({ stats, failed }: AdminStatCardsProps) {
  const cards = [
    { label: 'Total Admins', value: stats?.total },
    { label: 'Active', value: stats?.active },
    { label: 'Suspended', value: stats?.suspended },
    { label: 'Pending', value: stats?.pending },
  ];
  return (
    <SimpleGrid component="section" aria-label="Admin counts" cols={{ base: 2, md: 4 }} spacing="md">
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
