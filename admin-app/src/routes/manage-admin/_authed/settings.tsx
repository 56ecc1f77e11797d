import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { SystemSettings } from '../../../features/settings/components/system-settings';

export const Route = createFileRoute('/manage-admin/_authed/settings')({
  component: SettingsScreen,
});

function SettingsScreen() {
  return (
    <>
      <ScreenTitle title="System Settings" />
      <SystemSettings />
    </>
  );
}
