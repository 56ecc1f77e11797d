import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { MediaManager } from '../../../features/media/components/media-manager';

export const Route = createFileRoute('/manage-admin/_authed/media')({
  component: MediaScreen,
});

function MediaScreen() {
  return (
    <>
      <ScreenTitle title="File & Media Manager" />
      <MediaManager />
    </>
  );
}
