import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { PasswordField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordToggleProps } from '../../../components/password-toggle';
import { toast } from '../../../lib/toast';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import '../profile-texts';
import { useChangePassword } from '../api/change-password';
import { type PasswordFormValues, passwordFormSchema } from '../schemas/account.schemas';

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const resolver = useTranslatedZodResolver(passwordFormSchema, 'profile');
  const { control, handleSubmit, reset, trigger, formState } = useForm<PasswordFormValues>({
    resolver,
    defaultValues: EMPTY,
  });
  useRevalidateOnLanguageChange({ trigger, formState });

  const save = ({ currentPassword, newPassword }: PasswordFormValues) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success(t('password.updated'));
        },
        onError: (error) => toast.error(errorMessage(error, t('password.failed'))),
      },
    );

  return (
    <Card component="section" aria-labelledby="password-form-title">
      <form onSubmit={handleSubmit(save)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="password-form-title">
            {t('password.title')}
          </Title>
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="currentPassword"
            label={t('password.current')}
            autoComplete="current-password"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="newPassword"
            label={t('password.new')}
            autoComplete="new-password"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="confirmPassword"
            label={t('password.confirm')}
            autoComplete="new-password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
