import { Alert } from '@mantine/core';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../features/auth/auth-texts';
import { LoginForm } from '../features/auth/components/login-form';
import { customerSession, useSessionUser } from '../lib/session';

/** Spec §4: once a user exists the login screen sends them home after 1 second. */
export const REDIRECT_HOME_AFTER_MS = 1000;

/** Only a path inside the store is followed (`//host` would leave it). */
function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export const Route = createFileRoute('/login')({
  // `redirect` brings the shopper back to the page that asked them to sign in (checkout, a wishlist heart).
  // `oauth_token` or `oauth_error` are what an outside provider's sign-in (run by the API) comes back with.
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; oauth_token?: string; oauth_error?: string } => {
    const redirect = safeRedirect(search.redirect);
    const text = (value: unknown) => (typeof value === 'string' && value.length <= 4000 ? value : undefined);
    const oauthToken = text(search.oauth_token);
    const oauthError = text(search.oauth_error);
    return {
      ...(redirect ? { redirect } : {}),
      ...(oauthToken ? { oauth_token: oauthToken } : {}),
      ...(oauthError ? { oauth_error: oauthError } : {}),
    };
  },
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('auth');
  const user = useSessionUser();
  const navigate = useNavigate();
  const router = useRouter();
  const { redirect, oauth_token: oauthToken, oauth_error: oauthError } = Route.useSearch();

  // Back from an outside provider: the token is kept, and taken out of the address at once.
  useEffect(() => {
    if (!oauthToken) return;
    customerSession.signIn(oauthToken);
    void navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
  }, [oauthToken, redirect, navigate]);

  useEffect(() => {
    if (!user) return;
    const leave = () => (redirect ? router.history.replace(redirect) : void navigate({ to: '/' }));
    const timer = setTimeout(leave, REDIRECT_HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [user, navigate, router, redirect]);

  if (user) {
    return (
      <Alert color="teal" title={t('signedIn.title')} maw={440} mx="auto" my="xl">
        {redirect ? t('signedIn.back') : t('signedIn.home')}
      </Alert>
    );
  }
  if (oauthToken) return null;
  return <LoginForm problem={oauthError} />;
}
