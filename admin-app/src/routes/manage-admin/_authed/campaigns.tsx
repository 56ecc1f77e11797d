import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/campaigns')({
  component: CampaignsScreen,
});

function CampaignsScreen() {
  return <ScreenTitle title="Campaigns & Discounts" />;
}
