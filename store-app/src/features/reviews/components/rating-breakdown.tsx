import { Group, Progress, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../reviews-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { ratingSummaryQueryOptions } from '../api/reviews.api';

/** The product's average rating and how many reviews gave each number of stars, 5 down to 1. */
export function RatingBreakdown({ productId }: { productId: string }) {
  const { t } = useTranslation('reviews');
  const { number, locale } = useLocaleFormat();
  const summary = useQuery(ratingSummaryQueryOptions(productId));

  if (summary.isPending) return <Skeleton height={120} role="status" aria-label={t('breakdown.loading')} />;
  // Without reviews (or without an answer) the list below says so; a row of empty bars tells nothing.
  if (summary.isError || summary.data.data.total === 0) return null;
  const { average, total, counts } = summary.data.data;

  return (
    <Group component="section" aria-label={t('breakdown.title')} align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={2} align="center">
        <Text fz={36} fw={700} lh={1}>
          {new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
            average,
          )}
        </Text>
        <Rating
          value={average}
          fractions={10}
          readOnly
          role="img"
          aria-label={t('product.outOf5', { rating: average })}
        />
        <Text size="sm" c="dimmed">
          {t('breakdown.total', { count: total, formatted: number(total) })}
        </Text>
      </Stack>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none', flex: 1, minWidth: 200 }}>
        {counts.map(({ rating, count }) => {
          const share = total === 0 ? 0 : (count / total) * 100;
          const label = t('breakdown.row', { count, formatted: number(count), stars: rating });
          return (
            <Group component="li" key={rating} gap="xs" wrap="nowrap" aria-label={label}>
              <Text size="sm" w={56} aria-hidden>
                {t('stars', { count: rating })}
              </Text>
              <Progress value={share} flex={1} size="md" color="yellow" aria-hidden />
              <Text size="sm" c="dimmed" w={40} ta="right" aria-hidden>
                {number(count)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Group>
  );
}
