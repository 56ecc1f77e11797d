import type { Schemas } from '@shop/sdk/types';
import { StatCards } from '../../../components/stat-cards';

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
  const shown = cards.map((card) => ({ label: card.label, value: card.value?.toLocaleString('en-US') }));
  return <StatCards label="User counts" cards={shown} failed={failed} />;
}
