import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { VendorLoginPage } from '../features/auth/components/vendor-login-page';

const searchSchema = z.object({ redirect: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  beforeLoad: ({ context }) => {
    if (context.session.isSignedIn()) throw redirect({ to: '/manage-vandor/dashboard', replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: to } = Route.useSearch();
  return <VendorLoginPage redirectTo={to} />;
}
