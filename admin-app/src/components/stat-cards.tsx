import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';

export type StatCard = {
  label: string;
  /** Formatted for display; undefined while loading. */
  value: string | undefined;
};

type StatCardsProps = {
  /** Accessible name of the group of cards. */
  label: string;
  cards: StatCard[];
  failed: boolean;
};

/** A screen's summary figures: a skeleton while they load, a dash when they could not be loaded. */
export function StatCards({ label, cards, failed }: StatCardsProps) {
  return (
    <SimpleGrid
      component="section"
      aria-label={label}
      cols={{ base: 2, md: 3, lg: cards.length }}
      spacing="md"
    >
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" radius="md" aria-label={card.label} role="group">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          {card.value !== undefined ? (
            <Text size="xl" fw={700}>
              {card.value}
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
