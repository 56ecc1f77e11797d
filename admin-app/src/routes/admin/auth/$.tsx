import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec 1 §2.1: any other path under /admin/auth goes to the login screen.
export const Route = createFileRoute('/admin/auth/$')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/auth/login', replace: true });
  },
});
