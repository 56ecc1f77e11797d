import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/marketing')({
  component: MarketingScreen,
});

function MarketingScreen() {
  return <ScreenTitle title="Marketing & Content" />;
}
