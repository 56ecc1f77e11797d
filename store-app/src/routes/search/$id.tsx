import { createFileRoute } from '@tanstack/react-router';
import { SearchResults } from '../../features/catalogue/components/search-results';
import { parseSearchPageFilters } from '../../features/catalogue/lib/list-filters';
import { useStoreSettings } from '../../features/settings/settings-store';

export const Route = createFileRoute('/search/$id')({
  // The sidebar's filters live in the URL beside the searched term.
  validateSearch: parseSearchPageFilters,
  component: SearchPage,
});

function SearchPage() {
  const { id } = Route.useParams();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const { shipToCountry, currency } = useStoreSettings();

  return (
    <SearchResults
      term={id}
      filters={filters}
      onFiltersChange={(next) => void navigate({ search: next, replace: true })}
      country={shipToCountry}
      currency={currency}
    />
  );
}
