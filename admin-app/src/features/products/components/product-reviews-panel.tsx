import { Anchor, Badge, Button, Group, Image, Pagination, Rating, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { $api } from '../../../lib/api';
import { productKeys, productQueries } from '../api/products.queries';

const PAGE_SIZE = 5;

/** The product's reviews as staff see them, hidden ones included, each with Hide or Show. */
export function ProductReviewsPanel({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const reviews = useQuery({
    ...productQueries.reviews(productId, { page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const visibility = $api.useMutation('post', '/reviews/{id}/visibility', {
    onSettled: () =>
      Promise.all([
        // This product's pages of reviews, and the rating and review count its viewer shows; no other product.
        queryClient.invalidateQueries({ queryKey: productKeys.reviewsOf(productId) }),
        queryClient.invalidateQueries({ queryKey: productKeys.detailOf(productId) }),
      ]),
  });

  const setHidden = async (id: string, name: string, hidden: boolean) => {
    try {
      await visibility.mutateAsync({ params: { path: { id } }, body: { hidden } });
      toast.success(hidden ? `Review by ${name} hidden.` : `Review by ${name} shown again.`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to change the review.'));
    }
  };

  if (reviews.isPending) return <Text c="dimmed">Loading reviews...</Text>;
  if (reviews.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(reviews.error, 'Failed to load reviews.')}
      </Text>
    );
  }
  const { data, meta } = reviews.data;
  if (data.length === 0) return <Text c="dimmed">No reviews yet.</Text>;

  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviews">
        {data.map((review) => (
          <Group
            component="li"
            key={review._id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            aria-label={`Review by ${review.name}`}
          >
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{review.name}</Text>
                <Rating value={review.rating} readOnly size="sm" aria-label={`${review.rating} of 5 stars`} />
                <Text size="xs" c="dimmed">
                  {formatDate(review.createdAt)}
                </Text>
                {review.hidden ? (
                  <Badge color="gray" variant="light">
                    Hidden
                  </Badge>
                ) : null}
              </Group>
              {review.comment ? <Text size="sm">{review.comment}</Text> : null}
              {review.photos && review.photos.length > 0 ? (
                // Moderated with the review: hiding it hides these from shoppers too.
                <Group
                  component="ul"
                  gap="xs"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  aria-label={`Photos by ${review.name}`}
                >
                  {review.photos.map((photo, index) => (
                    <li key={photo._id}>
                      <Anchor href={photo.url} target="_blank" rel="noopener noreferrer">
                        <Image
                          src={photo.url}
                          alt={`Photo ${index + 1} by ${review.name}`}
                          w={64}
                          h={64}
                          radius="sm"
                          fit="cover"
                          style={review.hidden ? { opacity: 0.5 } : undefined}
                        />
                      </Anchor>
                    </li>
                  ))}
                </Group>
              ) : null}
              <Text size="xs" c="dimmed">
                Helpful: {review.helpful} · Not helpful: {review.unhelpful}
              </Text>
            </Stack>
            <Button
              size="compact-sm"
              variant="light"
              color={review.hidden ? undefined : 'red'}
              disabled={visibility.isPending}
              onClick={() => void setHidden(review._id, review.name, !review.hidden)}
              aria-label={`${review.hidden ? 'Show' : 'Hide'} review by ${review.name}`}
            >
              {review.hidden ? 'Show' : 'Hide'}
            </Button>
          </Group>
        ))}
      </Stack>
      {meta.total > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(meta.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label="Review pages"
        />
      ) : null}
    </Stack>
  );
}
