import { createFileRoute, notFound } from '@tanstack/react-router';
import { categoryOfSlug } from '../../app/shell/categories';
import { SearchResults } from '../../features/catalogue/components/search-results';
import { parseSearchPageFilters } from '../../features/catalogue/lib/list-filters';
import { useStoreSettings } from '../../features/settings/settings-store';

// A category's own address (`/category/home-kitchen`), as search engines list it: the same results as the
// header's /search/{category}, whose pages name this one as canonical.
export const Route = createFileRoute('/category/$slug')({
  validateSearch: parseSearchPageFilters,
  beforeLoad: ({ params }) => {
    const category = categoryOfSlug(params.slug);
    if (!category) throw notFound();
    return { category };
  },
  component: CategoryPage,
});

function CategoryPage() {
  const { category } = Route.useRouteContext();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const { shipToCountry, currency } = useStoreSettings();

  return (
    <SearchResults
      term={category}
      filters={filters}
      onFiltersChange={(next) => void navigate({ search: next, replace: true })}
      country={shipToCountry}
      currency={currency}
    />
  );
}
