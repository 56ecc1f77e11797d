import { Grid } from '@mantine/core';
import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/not-found';
import '../../features/profile/profile-texts';
import { ProfileNav } from '../../features/profile/components/profile-nav';
import { useSessionUser } from '../../lib/session';

export const Route = createFileRoute('/profile')({
  // Spec §2 Access: a user in state and a token in storage, else the login screen.
  // Signed in, the shopper comes back to the account page they asked for.
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: ProfileLayout,
  notFoundComponent: SectionNotFound,
});

function SectionNotFound() {
  const { t } = useTranslation('profile');
  return (
    <NotFound
      title={t('notFound.title')}
      message={t('notFound.message')}
      backTo="/profile"
      backLabel={t('notFound.back')}
    />
  );
}

function ProfileLayout() {
  const user = useSessionUser();
  // The session can also end while the page is open (logout in another tab, a 401).
  if (!user) return <Navigate to="/login" />;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <ProfileNav />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
