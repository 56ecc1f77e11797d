import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconKey, IconShieldLock, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/router-links';

type HubCard = {
  title: string;
  description: string;
  icon: ReactNode;
  to:
    | '/manage-admin/admin/users'
    | '/manage-admin/admin/roles'
    | '/manage-admin/admin/activity'
    | '/manage-admin/admin/security'
    | '/manage-admin/admin/create';
};

/** Spec 1 §2.6: the five cards of the Admin & Role Management hub. */
const CARDS: HubCard[] = [
  {
    title: 'Admin Users',
    description: 'Every staff account: search, filter, activate, suspend and delete.',
    icon: <IconUsers size={20} aria-hidden />,
    to: '/manage-admin/admin/users',
  },
  {
    title: 'Roles & Permissions',
    description: 'The permissions each role grants by default.',
    icon: <IconKey size={20} aria-hidden />,
    to: '/manage-admin/admin/roles',
  },
  {
    title: 'Activity Logs',
    description: 'What staff did, when and from where.',
    icon: <IconActivity size={20} aria-hidden />,
    to: '/manage-admin/admin/activity',
  },
  {
    title: 'Security Settings',
    description: '2FA, password policy, alerts',
    icon: <IconShieldLock size={20} aria-hidden />,
    to: '/manage-admin/admin/security',
  },
  {
    title: 'Create Admin',
    description: 'Add a staff account with its role, department and permissions.',
    icon: <IconUserPlus size={20} aria-hidden />,
    to: '/manage-admin/admin/create',
  },
];

export function AdminHub() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {CARDS.map((card) => (
        <Paper key={card.to} withBorder p="lg" radius="md" component="article" aria-label={card.title}>
          <Stack gap="sm">
            <ThemeIcon variant="light" size="lg">
              {card.icon}
            </ThemeIcon>
            <Title order={3} size="h4">
              <AnchorLink to={card.to}>{card.title}</AnchorLink>
            </Title>
            <Text size="sm" c="dimmed">
              {card.description}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
