import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../../account/account-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { overviewQueryOptions } from '../../account/api/account.queries';
import { profileQueryOptions } from '../api/profile.queries';
import { initials } from '../profile-names';

// Shown while the figures load, or when they cannot be read.
const NOT_COUNTED = '—';

export function ProfileOverview() {
  const { data } = useSuspenseQuery(profileQueryOptions());
  const profile = data.data;
  const { t } = useTranslation('account');
  const { number } = useLocaleFormat();
  const name = profile.name.trim() || t('overview.guest');
  const overview = useQuery(overviewQueryOptions());
  const figure = (key: 'totalOrders' | 'pendingDelivery' | 'wishlistItems') =>
    overview.data ? number(overview.data.data[key]) : NOT_COUNTED;

  return (
    <Stack>
      <Title order={1}>{t('overview.title')}</Title>
      <Card>
        <Group justify="space-between" wrap="wrap">
          <Group>
            <Avatar size="lg" radius="xl" color="indigo" aria-hidden>
              {initials(name)}
            </Avatar>
            <div>
              <Text fw={600} size="lg">
                {name}
              </Text>
              <Text c="dimmed" size="sm">
                {profile.email}
              </Text>
            </div>
          </Group>
          <Button
            component={Link}
            to="/profile/manage-account"
            variant="light"
            leftSection={<IconEdit size={16} />}
          >
            {t('overview.editProfile')}
          </Button>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label={t('overview.totalOrders')} value={figure('totalOrders')} />
        <Stat label={t('overview.pendingDelivery')} value={figure('pendingDelivery')} />
        <Stat label={t('overview.wishlistItems')} value={figure('wishlistItems')} />
      </SimpleGrid>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Card>
  );
}
