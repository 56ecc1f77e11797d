import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { VendorSettingsScreen } from '../../features/settings/components/vendor-settings-form';

export const Route = createFileRoute('/manage-vandor/settings')({
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <Stack>
      <Title order={1}>Settings</Title>
      <VendorSettingsScreen />
    </Stack>
  );
}
