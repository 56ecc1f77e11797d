import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { StatCards } from '../../../components/stat-cards';

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
  return <StatCards label="Order counts" cards={cards} failed={failed} />;
}
