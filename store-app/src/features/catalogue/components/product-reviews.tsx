import { Button, Group, Paper, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../../reviews/reviews-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useSessionUser } from '../../../lib/session';
import { useVoteReview } from '../../reviews/api/reviews.api';
import { ReviewPhotos } from '../../reviews/components/review-photos';
import { catalogueQueries } from '../api/catalogue.queries';

/** Spec §2: the product's reviews from the database; 'No reviews yet.' when there are none. Shoppers vote on them. */
export function ProductReviews({ productId }: { productId: string }) {
  const { t } = useTranslation('reviews');
  const { date } = useLocaleFormat();
  const reviews = useQuery(catalogueQueries.reviews(productId));
  const user = useSessionUser();
  const navigate = useNavigate();
  const here = useRouterState({ select: (state) => state.location.href });
  const vote = useVoteReview(t('product.voteFailed'));

  if (reviews.isPending) return <Skeleton height={80} aria-label={t('product.loading')} />;
  // Photo reviews first (the server pages them so; kept here when a vote refreshes the page's order).
  const withPhotos = (review: { photos?: unknown[] }) => ((review.photos?.length ?? 0) > 0 ? 0 : 1);
  const list = [...(reviews.data?.data ?? [])].sort((a, b) => withPhotos(a) - withPhotos(b));
  if (list.length === 0) return <Text c="dimmed">{t('product.none')}</Text>;

  const cast = (reviewId: string, helpful: boolean) => {
    // Signed out, the shopper signs in first and comes back to this page.
    if (!user) return void navigate({ to: '/login', search: { redirect: here } });
    vote.mutate({ reviewId, helpful });
  };

  return (
    <Stack gap="sm">
      {list.map((review) => (
        <Paper
          key={review._id}
          withBorder
          p="sm"
          radius="md"
          component="article"
          aria-label={t('product.by', { name: review.name })}
        >
          <Group justify="space-between">
            <Text fw={600} fz="sm">
              {review.name}
            </Text>
            <Text c="dimmed" fz="xs">
              {date(review.createdAt)}
            </Text>
          </Group>
          <Rating
            value={review.rating}
            readOnly
            size="sm"
            mt={4}
            role="img"
            aria-label={t('product.outOf5', { rating: review.rating })}
          />
          <Text fz="sm" mt={6}>
            {review.comment}
          </Text>
          <ReviewPhotos photos={review.photos} name={review.name} />
          <Group gap="xs" mt={6}>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconThumbUp size={14} aria-hidden />}
              onClick={() => cast(review._id, true)}
              disabled={vote.isPending}
              aria-label={t('product.markHelpful', { name: review.name, count: review.helpful })}
            >
              {t('product.helpful', { count: review.helpful })}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconThumbDown size={14} aria-hidden />}
              onClick={() => cast(review._id, false)}
              disabled={vote.isPending}
              aria-label={t('product.markUnhelpful', { name: review.name, count: review.unhelpful })}
            >
              {t('product.unhelpful', { count: review.unhelpful })}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
