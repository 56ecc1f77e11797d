import { Alert, Button, Stack } from '@mantine/core';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordToggleProps } from '../../../components/password-toggle';
import { AnchorLink } from '../../../components/router-links';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import '../auth-texts';
import { LOGIN_FAILED, LOGIN_UNEXPECTED, useCustomerLogin } from '../api/customer-login';
import { type LoginBody, loginSchema } from '../schemas/auth.schemas';
import { AuthCard } from './auth-card';

/** `problem` is a sign-in failure reported from elsewhere (an outside provider's), shown until the next try. */
export function LoginForm({ problem: reported }: { problem?: string | undefined } = {}) {
  const { t } = useTranslation('auth');
  const login = useCustomerLogin();
  const resolver = useTranslatedZodResolver(loginSchema, 'auth');
  const { control, handleSubmit, trigger, formState } = useForm<LoginBody>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  useRevalidateOnLanguageChange({ trigger, formState });

  const failure = login.error?.message;
  // The server's own message is shown as it comes; the app's fallbacks are translated.
  const shownFailure =
    failure === LOGIN_FAILED
      ? t('loginFailed')
      : failure === LOGIN_UNEXPECTED
        ? t('loginUnexpected')
        : failure;
  const problem = formState.errors.root?.message ?? shownFailure ?? (login.isIdle ? reported : undefined);

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <AnchorLink to="/register" underline="always">
            {t('login.register')}
          </AnchorLink>
        </>
      }
    >
      <form onSubmit={handleSubmit((values) => login.mutate(values))}>
        <Stack>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextField
            control={control}
            name="email"
            label={t('login.identifier')}
            placeholder="you@example.com"
            autoComplete="username"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="password"
            label={t('password')}
            minLength={2}
            autoComplete="current-password"
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
