import type { Schemas } from '@shop/sdk/types';
import { StatCards } from '../../../components/stat-cards';

type AdminStatCardsProps = { stats: Schemas['AdminStats'] | undefined; failed: boolean };

/** The Admin list stat cards: every staff account, and how many are Active, Suspended and Pending. */
export function AdminStatCards({ stats, failed }: AdminStatCardsProps) {
  const cards = [
    { label: 'Total Admins', value: stats?.total },
    { label: 'Active', value: stats?.active },
    { label: 'Suspended', value: stats?.suspended },
    { label: 'Pending', value: stats?.pending },
  ];
  const shown = cards.map((card) => ({ label: card.label, value: card.value?.toLocaleString('en-US') }));
  return <StatCards label="Admin counts" cards={shown} failed={failed} />;
}
