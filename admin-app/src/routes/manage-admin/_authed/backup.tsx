import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/backup')({
  component: BackupScreen,
});

function BackupScreen() {
  return <ScreenTitle title="Backup & Restore" />;
}
