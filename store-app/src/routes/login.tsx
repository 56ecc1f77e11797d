import { Alert } from '@mantine/core';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoginForm } from '../features/auth/components/login-form';
import { useSessionUser } from '../lib/session';

/** Spec §4: once a user exists the login screen sends them home after 1 second. */
export const REDIRECT_HOME_AFTER_MS = 1000;

/** Only a path inside the store is followed (`//host` would leave it). */
function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export const Route = createFileRoute('/login')({
  // `redirect` brings the shopper back to the page that asked them to sign in (checkout, a wishlist heart).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  component: LoginPage,
});

function LoginPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const router = useRouter();
  const { redirect } = Route.useSearch();

  useEffect(() => {
    if (!user) return;
    const leave = () => (redirect ? router.history.replace(redirect) : void navigate({ to: '/' }));
    const timer = setTimeout(leave, REDIRECT_HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [user, navigate, router, redirect]);

  if (user) {
    return (
      <Alert color="teal" title="You are signed in" maw={440} mx="auto" my="xl">
        {redirect ? 'Taking you back…' : 'Taking you to the home page…'}
      </Alert>
    );
  }
  return <LoginForm />;
}
