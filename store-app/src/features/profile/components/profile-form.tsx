import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { errorMessage, isApiError } from '@shop/sdk/client';
import { PasswordField, TextareaField, TextField } from '@shop/ui/form-fields';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordToggleProps } from '../../../components/password-toggle';
import { toast } from '../../../lib/toast';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import '../profile-texts';
import { profileQueryOptions } from '../api/profile.queries';
import { useUpdateProfile } from '../api/update-profile';
import {
  emailChanged,
  type ProfileFormValues,
  profileFormSchema,
  profileFormValues,
} from '../schemas/account.schemas';

const FIELDS = new Set<string>(Object.keys(profileFormSchema.shape));

export function ProfileForm() {
  const { data } = useSuspenseQuery(profileQueryOptions());
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const resolver = useTranslatedZodResolver(profileFormSchema, 'profile');
  const { control, handleSubmit, reset, setError, trigger, formState } = useForm<ProfileFormValues>({
    resolver,
    defaultValues: profileFormValues(data.data),
  });
  useRevalidateOnLanguageChange({ trigger, formState });
  // A new email needs the current password: whoever holds the session alone cannot move the account elsewhere.
  const changingEmail = emailChanged(useWatch({ control, name: 'email' }), data.data.email);

  const save = ({ currentPassword, ...values }: ProfileFormValues) => {
    if (changingEmail && currentPassword === '') {
      setError('currentPassword', { message: t('validation.currentForEmail') });
      return;
    }
    update.mutate(changingEmail ? { ...values, currentPassword } : values, {
      onSuccess: (envelope) => {
        reset(profileFormValues(envelope.data));
        toast.success(t('profileForm.updated'));
      },
      onError: (error) => {
        // Field errors come back as JSON pointers (`/email`); show each beside its field.
        for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
          const field = fieldError.path.replace(/^\//, '');
          if (FIELDS.has(field))
            setError(field as FieldPath<ProfileFormValues>, { message: fieldError.message });
        }
        toast.error(errorMessage(error, t('profileForm.failed')));
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="profile-form-title">
      <form onSubmit={handleSubmit(save)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="profile-form-title">
            {t('profileForm.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              control={control}
              name="firstName"
              label={t('profileForm.firstName')}
              autoComplete="given-name"
            />
            <TextField
              control={control}
              name="lastName"
              label={t('profileForm.lastName')}
              autoComplete="family-name"
            />
            <TextField
              control={control}
              name="username"
              label={t('profileForm.username')}
              autoComplete="username"
              withAsterisk
            />
            <TextField
              control={control}
              name="email"
              label={t('profileForm.email')}
              type="email"
              autoComplete="email"
              withAsterisk
            />
            {changingEmail && (
              <PasswordField
                visibilityToggleButtonProps={passwordToggleProps}
                control={control}
                name="currentPassword"
                label={t('profileForm.currentPassword')}
                description={t('profileForm.currentPasswordHint')}
                autoComplete="current-password"
                withAsterisk
              />
            )}
            <TextField
              control={control}
              name="phone"
              label={t('profileForm.phone')}
              type="tel"
              autoComplete="tel"
            />
          </SimpleGrid>
          <TextareaField
            control={control}
            name="address"
            label={t('profileForm.address')}
            rows={3}
            autoComplete="street-address"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('profileForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
