import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';

type OrderStatCardsProps = {
  /** The list answer's `stats`, counted by the server over the filtered orders. */
  stats: Schemas['OrderStats'] | undefined;
  failed: boolean;
};

/** Spec 2 §2 Order list stat cards: Total Orders, Pending, Shipped, Revenue. */
export function OrderStatCards({ stats, failed }: OrderStatCardsProps) {
  const cards = [
    { label: 'Total Orders', value: stats?.total.toLocaleString('en-US') },
    { label: 'Pending', value: stats?.pending.toLocaleString('en-US') },
    { label: 'Shipped', value: stats?.shipped.toLocaleString('en-US') },
    { label: 'Revenue', value: stats ? formatMoney(stats.revenue, stats.currency) : undefined },
  ];
  return (
    <SimpleGrid component="section" aria-label="Order counts" cols={{ base: 2, md: 4 }} spacing="md">
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
