import { Stack, Title } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CouponList } from '../../features/promotions/components/coupon-list';
import {
  type PromotionsSearch,
  promotionsSearchDefaults,
  promotionsSearchSchema,
} from '../../features/promotions/schemas/promotions-search';

export const Route = createFileRoute('/manage-vandor/promotions')({
  validateSearch: promotionsSearchSchema,
  search: { middlewares: [stripSearchParams(promotionsSearchDefaults)] },
  component: PromotionsPage,
});

function PromotionsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<PromotionsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <Stack>
      <Title order={1}>Promotion & Coupons</Title>
      <CouponList search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
