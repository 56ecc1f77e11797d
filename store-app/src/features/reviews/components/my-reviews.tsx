import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  Rating,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { SuccessBody } from '@shop/sdk/types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../reviews-texts';
import { AnchorLink } from '../../../components/router-links';
import { useLocaleFormat } from '../../../i18n/i18n';
import { myReviewsQueryOptions, reviewableQueryOptions } from '../api/reviews.api';
import { ReviewFormModal } from './review-form-modal';
import { ReviewPhotos } from './review-photos';

type MyReview = SuccessBody<'listMyReviews'>['data'][number];
type Reviewable = SuccessBody<'listReviewableProducts'>['data'][number];

/** Spec 3 §2: the star filter All, 5 to 1. */
const FILTERS = ['all', '5', '4', '3', '2', '1'] as const;
type Filter = (typeof FILTERS)[number];

type Editing = { product: { _id: string; name: string }; review?: MyReview };

export function MyReviews() {
  const { t } = useTranslation('reviews');
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const rating = filter === 'all' ? undefined : Number(filter);
  const reviews = useQuery(myReviewsQueryOptions(rating));
  const reviewable = useQuery(reviewableQueryOptions());

  return (
    <Stack>
      <Title order={1}>{t('mine.title')}</Title>

      {reviewable.data && reviewable.data.data.length > 0 && (
        <Card component="section" aria-labelledby="to-review">
          <Title order={2} fz="h4" id="to-review" mb="sm">
            {t('mine.toReview')}
          </Title>
          <Stack gap="sm">
            {reviewable.data.data.map((entry) => (
              <ToReview
                key={entry.product._id}
                entry={entry}
                onWrite={() => setEditing({ product: entry.product })}
              />
            ))}
          </Stack>
        </Card>
      )}

      <SegmentedControl
        aria-label={t('mine.filter')}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={FILTERS.map((value) => ({
          value,
          label: value === 'all' ? t('mine.all') : t('stars', { count: Number(value) }),
        }))}
      />

      {reviews.isPending ? (
        <Loader aria-label={t('mine.loading')} />
      ) : reviews.isError ? (
        <Alert color="red">{errorMessage(reviews.error, t('mine.loadFailed'))}</Alert>
      ) : reviews.data.data.length === 0 ? (
        <Text c="dimmed">{rating ? t('mine.noneWithStars', { count: rating }) : t('mine.none')}</Text>
      ) : (
        <Stack component="ul" aria-label={t('mine.title')} p={0} m={0} style={{ listStyle: 'none' }}>
          {reviews.data.data.map((review) => (
            <ReviewCard
              key={review._id}
              review={review}
              onEdit={() => setEditing({ product: review.product, review })}
            />
          ))}
        </Stack>
      )}

      {editing && (
        <ReviewFormModal product={editing.product} review={editing.review} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function ToReview({ entry, onWrite }: { entry: Reviewable; onWrite: () => void }) {
  const { t } = useTranslation('reviews');
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group wrap="nowrap" miw={0}>
        {entry.product.image && <Image src={entry.product.image} alt="" w={48} h={48} radius="sm" />}
        <div style={{ minWidth: 0 }}>
          <AnchorLink to="/products/$id" params={{ id: entry.product._id }} fw={600}>
            {entry.product.name}
          </AnchorLink>
          <Text size="sm" c="dimmed">
            {t('mine.fromOrder', { order: entry.orderNumber })}
          </Text>
        </div>
      </Group>
      {/* A long product name wraps; the action keeps its full label. */}
      <Button
        variant="light"
        style={{ flexShrink: 0 }}
        onClick={onWrite}
        aria-label={t('mine.writeFor', { product: entry.product.name })}
      >
        {t('mine.write')}
      </Button>
    </Group>
  );
}

function ReviewCard({ review, onEdit }: { review: MyReview; onEdit: () => void }) {
  const { t } = useTranslation('reviews');
  const { date } = useLocaleFormat();
  return (
    <Card component="li" aria-label={review.product.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <AnchorLink to="/products/$id" params={{ id: review.product._id }} fw={600}>
            {review.product.name}
          </AnchorLink>
          <Group gap="xs">
            <Rating
              value={review.rating}
              readOnly
              role="img"
              aria-label={t('stars', { count: review.rating })}
            />
            <Text size="sm" c="dimmed">
              {date(review.createdAt)}
            </Text>
            {review.hidden && (
              <Badge color="gray" variant="light">
                {t('mine.hidden')}
              </Badge>
            )}
          </Group>
          {review.comment && <Text>{review.comment}</Text>}
          <ReviewPhotos photos={review.photos} name={review.name} />
          <Text size="sm" c="dimmed">
            {t('votes', { helpful: review.helpful, unhelpful: review.unhelpful })}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          style={{ flexShrink: 0 }}
          onClick={onEdit}
          aria-label={t('mine.editFor', { product: review.product.name })}
        >
          {t('mine.edit')}
        </Button>
      </Group>
    </Card>
  );
}
