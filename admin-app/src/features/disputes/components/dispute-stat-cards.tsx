import type { Schemas } from '@shop/sdk/types';
import { StatCards } from '../../../components/stat-cards';
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
  const shown = cards.map((card) => ({ label: card.label, value: card.value?.toLocaleString('en-US') }));
  return <StatCards label="Dispute counts" cards={shown} failed={failed} />;
}
