import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { productQueries } from '../api/products.queries';

/** Spec 1 §2.8 stat cards, counted by the server over the whole catalogue. */
export function ProductStatCards() {
  const stats = useQuery(productQueries.stats());
  const counts = stats.data?.data;
  const cards = [
    { label: 'Total', value: counts?.total },
    { label: 'Published', value: counts?.published },
    { label: 'Draft', value: counts?.draft },
    { label: 'Out of Stock', value: counts?.out_of_stock },
  ];
  return (
    <SimpleGrid component="section" aria-label="Product counts" cols={{ base: 2, md: 4 }} spacing="md">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" radius="md" aria-label={card.label} role="group">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          {card.value !== undefined ? (
            <Text size="xl" fw={700}>
              {card.value.toLocaleString('en-US')}
            </Text>
          ) : stats.isError ? (
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
