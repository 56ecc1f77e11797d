import { Alert, Button, Stack } from '@mantine/core';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordToggleProps } from '../../../components/password-toggle';
import { AnchorLink } from '../../../components/router-links';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import '../auth-texts';
import { REGISTRATION_FAILED, useCustomerRegister } from '../api/customer-register';
import { type RegisterBody, registerSchema } from '../schemas/auth.schemas';
import { AuthCard } from './auth-card';

type RegisterFormProps = { onRegistered: () => void };

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const register = useCustomerRegister();
  const resolver = useTranslatedZodResolver(registerSchema, 'auth');
  const { control, handleSubmit, trigger, formState } = useForm<RegisterBody>({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  useRevalidateOnLanguageChange({ trigger, formState });

  const failure = register.error?.message;
  const problem =
    formState.errors.root?.message ?? (failure === REGISTRATION_FAILED ? t('registrationFailed') : failure);

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <AnchorLink to="/login" underline="always">
            {t('register.login')}
          </AnchorLink>
        </>
      }
    >
      {/* noValidate: the spec's own messages explain a problem, not the browser's bubbles. */}
      <form
        noValidate
        onSubmit={handleSubmit((values) => register.mutate(values, { onSuccess: onRegistered }))}
      >
        <Stack>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextField control={control} name="name" label={t('register.fullName')} autoComplete="name" />
          <TextField
            control={control}
            name="email"
            label={t('register.email')}
            type="email"
            autoComplete="email"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="password"
            label={t('password')}
            autoComplete="new-password"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="confirmPassword"
            label={t('confirmPassword')}
            autoComplete="new-password"
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
