import { createFileRoute } from '@tanstack/react-router';
import { MyOrders } from '../../features/orders/components/my-orders';

/** The page number lives in the URL so a reload or a shared link keeps it. */
function pageFrom(value: unknown): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export const Route = createFileRoute('/profile/order')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageFrom(search.page);
    return page > 1 ? { page } : {};
  },
  component: MyOrdersRoute,
});

function MyOrdersRoute() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const changePage = (next: number) => void navigate({ search: next > 1 ? { page: next } : {} });
  return <MyOrders page={page} onPageChange={changePage} />;
}
