import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/manage-vandor/')({
  beforeLoad: () => {
    throw redirect({ to: '/manage-vandor/dashboard', replace: true });
  },
});
