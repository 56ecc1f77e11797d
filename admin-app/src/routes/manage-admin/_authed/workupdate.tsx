import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { ProjectDetails } from '../../../features/settings/components/project-details';

export const Route = createFileRoute('/manage-admin/_authed/workupdate')({
  component: WorkUpdateScreen,
});

function WorkUpdateScreen() {
  return (
    <>
      <ScreenTitle title="Work Update" />
      <ProjectDetails />
    </>
  );
}
