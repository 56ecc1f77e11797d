import { createFileRoute } from '@tanstack/react-router';
import { BlogList } from '../../features/marketing/components/blog-list';

/** The page number lives in the URL so a reload or a shared link keeps it. */
function pageFrom(value: unknown): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export const Route = createFileRoute('/blog/')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageFrom(search.page);
    return page > 1 ? { page } : {};
  },
  component: BlogRoute,
});

function BlogRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BlogList
      page={page}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
    />
  );
}
