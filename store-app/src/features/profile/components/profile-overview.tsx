import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { $api } from '../../../lib/api';
import { profileQueryOptions } from '../api/profile.queries';
import { initials } from '../profile-names';

// Pending deliveries have no source yet, and the wishlist count waits for its list; the spec shows a dash.
const NOT_COUNTED = '—';

export function ProfileOverview() {
  const { data } = useSuspenseQuery(profileQueryOptions());
  const profile = data.data;
  const name = profile.name.trim() || 'Guest';
  // The same key as the wishlist page and the product hearts, so the count follows their changes.
  const wishlist = useQuery($api.queryOptions('get', '/wishlist/'));

  return (
    <Stack>
      <Title order={1}>Overview</Title>
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
            Edit Profile
          </Button>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Total Orders" value={String(profile.totalOrders)} />
        <Stat label="Pending Delivery" value={NOT_COUNTED} />
        <Stat
          label="Wishlist Items"
          value={wishlist.data ? String(wishlist.data.data.length) : NOT_COUNTED}
        />
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
