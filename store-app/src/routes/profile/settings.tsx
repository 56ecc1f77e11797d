import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/profile/settings')({
  component: ProfileSettingsPage,
});

function ProfileSettingsPage() {
  return <Title order={1}>Settings</Title>;
}
