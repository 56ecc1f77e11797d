import { createFileRoute } from '@tanstack/react-router';
import { CATEGORIES } from '../app/shell/categories';
import { HomeCatalogue } from '../features/catalogue/components/home-catalogue';
import { parseHomeSearch } from '../features/catalogue/lib/list-filters';
import { marketingQueries } from '../features/marketing/api/marketing.queries';
import { HomeBanners } from '../features/marketing/components/home-banners';
import { useStoreSettings } from '../features/settings/settings-store';

export const Route = createFileRoute('/')({
  // The home page is where most visits start: its component ships with the app instead of as a second,
  // sequential download (pending, error and not-found components are still split off).
  codeSplitGroupings: [['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  // Search, sort and filters live in the URL, so a filtered page can be shared and survives a reload.
  validateSearch: parseHomeSearch,
  // The banners are there for the first render (index.html asked for them already); a failure only leaves them out.
  loader: ({ context }) => context.queryClient.prefetchQuery(marketingQueries.content()),
  component: HomePage,
});

function HomePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { shipToCountry, currency } = useStoreSettings();

  return (
    <HomeCatalogue
      banners={<HomeBanners currency={currency} />}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      categories={CATEGORIES}
      country={shipToCountry}
      currency={currency}
    />
  );
}
