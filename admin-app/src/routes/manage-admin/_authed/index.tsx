import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/manage-admin/_authed/')({
  beforeLoad: () => {
    throw redirect({ to: '/manage-admin/dashboard', replace: true });
  },
});
