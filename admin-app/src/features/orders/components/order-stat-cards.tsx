import { Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { StatCards } from '../../../components/stat-cards';

type OrderStatCardsProps = {
  /** The list answer's `stats`, counted by the server over the filtered orders. */
  stats: Schemas['OrderStats'] | undefined;
  failed: boolean;
};

/** A count, or a dash where the server did not count it (a search matching too many orders). */
const countOf = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/**
 * Spec 2 §2 Order list stat cards: Total Orders, Pending, Shipped, Revenue. A search matching more orders than the
 * server sums shows how many it counted, with a plus, and asks for a narrower search instead of the other figures.
 */
export function OrderStatCards({ stats, failed }: OrderStatCardsProps) {
  const cards = [
    { label: 'Total Orders', value: stats ? `${countOf(stats.total)}${stats.capped ? '+' : ''}` : undefined },
    { label: 'Pending', value: stats ? countOf(stats.pending) : undefined },
    { label: 'Shipped', value: stats ? countOf(stats.shipped) : undefined },
    {
      label: 'Revenue',
      value: stats ? (stats.revenue === null ? '—' : formatMoney(stats.revenue, stats.currency)) : undefined,
    },
  ];
  return (
    <Stack gap="xs">
      <StatCards label="Order counts" cards={cards} failed={failed} />
      {stats?.capped ? (
        <Text size="sm" c="dimmed">
          More than {countOf(stats.total)} orders match this search: narrow it to see pending, shipped and
          revenue.
        </Text>
      ) : null}
    </Stack>
  );
}
