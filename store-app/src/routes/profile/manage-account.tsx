import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../../features/profile/profile-texts';
import { profileQueryOptions } from '../../features/profile/api/profile.queries';
import { PasswordForm } from '../../features/profile/components/password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';

export const Route = createFileRoute('/profile/manage-account')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueryOptions()),
  component: ManageAccountPage,
});

function ManageAccountPage() {
  const { t } = useTranslation('profile');
  return (
    <Stack>
      <Title order={1}>{t('nav.manageAccount')}</Title>
      <ProfileForm />
      <PasswordForm />
    </Stack>
  );
}
