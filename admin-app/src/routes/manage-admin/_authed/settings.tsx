import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { ForwardingSettingsPanel } from '../../../features/settings/components/forwarding-settings';
import { SystemSettings } from '../../../features/settings/components/system-settings';

export const Route = createFileRoute('/manage-admin/_authed/settings')({
  component: SettingsScreen,
});

function SettingsScreen() {
  return (
    <>
      <ScreenTitle title="System Settings" />
      <Stack gap="md">
        <SystemSettings />
        <ForwardingSettingsPanel />
      </Stack>
    </>
  );
}
