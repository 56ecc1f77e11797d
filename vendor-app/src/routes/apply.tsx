import { createFileRoute, redirect } from '@tanstack/react-router';
import { ApplyPage } from '../features/apply/components/apply-page';

export const Route = createFileRoute('/apply')({
  // A signed-in vendor already has a store.
  beforeLoad: ({ context }) => {
    if (context.session.isSignedIn()) throw redirect({ to: '/manage-vandor/dashboard', replace: true });
  },
  component: ApplyPage,
});
