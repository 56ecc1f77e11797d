import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';

type DisputeStatsProps = { stats: Schemas['DisputeStats'] | undefined };

function countOf(stats: Schemas['DisputeStats'], status: Schemas['DisputeStatus']): number {
  return stats.byStatus.find((entry) => entry._id === status)?.count ?? 0;
}

/** Spec §2: Total Disputes, Open Cases, Resolved, Escalated, from GET /dispute/stats. */
export function DisputeStats({ stats }: DisputeStatsProps) {
  const { t } = useTranslation('disputes');
  const { number } = useLocaleFormat();
  const cards = [
    { label: t('stats.total'), value: stats?.total },
    { label: t('stats.open'), value: stats?.open },
    { label: t('stats.resolved'), value: stats && countOf(stats, 'resolved') },
    { label: t('stats.escalated'), value: stats && countOf(stats, 'escalated') },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {cards.map(({ label, value }) => (
        <Card component="li" withBorder key={label} aria-label={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={32} w={48} mt={4} aria-hidden />
          ) : (
            <Text fz={28} fw={700}>
              {number(value)}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
