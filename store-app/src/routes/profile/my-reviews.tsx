import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/profile/my-reviews')({
  component: MyReviewsPage,
});

function MyReviewsPage() {
  return <Title order={1}>My Reviews</Title>;
}
