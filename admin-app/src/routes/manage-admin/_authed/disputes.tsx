import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/disputes')({
  component: DisputesScreen,
});

function DisputesScreen() {
  return <ScreenTitle title="Dispute Management" />;
}
