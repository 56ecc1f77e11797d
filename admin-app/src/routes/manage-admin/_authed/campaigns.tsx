import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { CampaignList } from '../../../features/campaigns/components/campaign-list';
import {
  type CampaignListSearch,
  campaignListSearchDefaults,
  campaignListSearchSchema,
} from '../../../features/campaigns/schemas/campaign-list-search';

export const Route = createFileRoute('/manage-admin/_authed/campaigns')({
  validateSearch: campaignListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/campaigns.
  search: { middlewares: [stripSearchParams(campaignListSearchDefaults)] },
  component: CampaignsScreen,
});

function CampaignsScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<CampaignListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Campaigns & Discounts" />
      <CampaignList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
