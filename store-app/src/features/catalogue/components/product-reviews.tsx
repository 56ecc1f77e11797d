import { Group, Paper, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate } from '@shop/ui/format';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from '../api/catalogue.queries';

/** Spec §2: the product's reviews from the database; 'No reviews yet.' when there are none. */
export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useQuery(catalogueQueries.reviews(productId));

  if (reviews.isPending) return <Skeleton height={80} aria-label="Loading reviews" />;
  const list = reviews.data?.data ?? [];
  if (list.length === 0) return <Text c="dimmed">No reviews yet.</Text>;

  return (
    <Stack gap="sm">
      {list.map((review) => (
        <Paper
          key={review._id}
          withBorder
          p="sm"
          radius="md"
          component="article"
          aria-label={`Review by ${review.name}`}
        >
          <Group justify="space-between">
            <Text fw={600} fz="sm">
              {review.name}
            </Text>
            <Text c="dimmed" fz="xs">
              {formatDate(review.createdAt)}
            </Text>
          </Group>
          <Rating value={review.rating} readOnly size="sm" mt={4} aria-label={`${review.rating} out of 5`} />
          <Text fz="sm" mt={6}>
            {review.comment}
          </Text>
          <Group gap="md" mt={6} c="dimmed">
            <Group gap={4}>
              <IconThumbUp size={14} aria-hidden />
              <Text fz="xs">{review.helpful} found this helpful</Text>
            </Group>
            <Group gap={4}>
              <IconThumbDown size={14} aria-hidden />
              <Text fz="xs">{review.unhelpful} did not</Text>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
