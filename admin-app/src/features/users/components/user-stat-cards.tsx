import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

type UserStatCardsProps = {
  stats: Schemas['UserStats'] | undefined;
  failed: boolean;
};

/** Spec 2 §2 Users stat cards: Total Users, Active Users, Admins, New This Month (since the 1st, UTC). */
export function UserStatCards({ stats, failed }: UserStatCardsProps) {
  const cards = [
    { label: 'Total Users', value: stats?.total },
    { label: 'Active Users', value: stats?.active },
    { label: 'Admins', value: stats?.admins },
    { label: 'New This Month', value: stats?.newThisMonth },
  ];
  return (
    <SimpleGrid component="section" aria-label="User counts" cols={{ base: 2, md: 4 }} spacing="md">
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
