import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { MarketingContent } from '../../../features/marketing/components/marketing-content';
import {
  type MarketingSearch,
  marketingSearchDefaults,
  marketingSearchSchema,
} from '../../../features/marketing/schemas/marketing-search';

export const Route = createFileRoute('/manage-admin/_authed/marketing')({
  validateSearch: marketingSearchSchema,
  // Defaults stay out of the address, so the first tab is just /manage-admin/marketing.
  search: { middlewares: [stripSearchParams(marketingSearchDefaults)] },
  component: MarketingScreen,
});

function MarketingScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<MarketingSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle
        title="Marketing & Content"
        subtitle="The storefront’s banners, popup, blog, meta tag defaults and analytics identifiers."
      />
      <MarketingContent search={search} onSearchChange={onSearchChange} />
    </>
  );
}
