import { createFileRoute } from '@tanstack/react-router';
import { MyReviews } from '../../features/reviews/components/my-reviews';

export const Route = createFileRoute('/profile/my-reviews')({
  component: MyReviews,
});
