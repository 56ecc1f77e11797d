import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { BackupRestore } from '../../../features/backup/components/backup-restore';

export const Route = createFileRoute('/manage-admin/_authed/backup')({
  component: BackupScreen,
});

function BackupScreen() {
  return (
    <>
      <ScreenTitle title="Backup & Restore" />
      <BackupRestore />
    </>
  );
}
