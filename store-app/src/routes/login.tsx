import { Alert } from '@mantine/core';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_FAILED, LOGIN_UNEXPECTED } from '../features/auth/api/customer-login';
import { useExchangeOAuthCode } from '../features/auth/api/exchange-oauth-code';
import '../features/auth/auth-texts';
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
  // `oauth_code` (a one-time code for the token) or `oauth_error` are what an outside provider's sign-in (run by
  // the API) comes back with.
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; oauth_code?: string; oauth_error?: string } => {
    const redirect = safeRedirect(search.redirect);
    const text = (value: unknown) => (typeof value === 'string' && value.length <= 4000 ? value : undefined);
    const oauthCode = text(search.oauth_code);
    const oauthError = text(search.oauth_error);
    return {
      ...(redirect ? { redirect } : {}),
      ...(oauthCode ? { oauth_code: oauthCode } : {}),
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
  const { redirect, oauth_code: oauthCode, oauth_error: oauthError } = Route.useSearch();
  const exchange = useExchangeOAuthCode();
  const exchangeCode = exchange.mutate;
  const exchanged = useRef<string | null>(null);

  // Back from an outside provider: the code is taken out of the address at once (replacing the history entry)
  // and exchanged for the token, once: a second try would be refused.
  useEffect(() => {
    if (!oauthCode || exchanged.current === oauthCode) return;
    exchanged.current = oauthCode;
    exchangeCode(oauthCode);
    void navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
  }, [oauthCode, redirect, navigate, exchangeCode]);

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
  if (oauthCode || exchange.isPending) return null;
  // The server's message is shown as it comes; the app's fallbacks are translated.
  const failure = exchange.error?.message;
  const exchangeProblem =
    failure === LOGIN_FAILED
      ? t('loginFailed')
      : failure === LOGIN_UNEXPECTED
        ? t('loginUnexpected')
        : failure;
  return <LoginForm problem={exchangeProblem ?? oauthError} />;
}
