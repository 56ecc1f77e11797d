import { Stack, Title } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { earningsQueries } from '../../features/earnings/api/earnings.queries';
import { EarningsScreen } from '../../features/earnings/components/earnings-screen';
import {
  type EarningsSearch,
  earningsSearchDefaults,
  earningsSearchSchema,
} from '../../features/earnings/schemas/earnings-search';

export const Route = createFileRoute('/manage-vandor/earnings')({
  validateSearch: earningsSearchSchema,
  // The first page stays out of the address, so the plain screen is just /manage-vandor/earnings.
  search: { middlewares: [stripSearchParams(earningsSearchDefaults)] },
  // Started while the route loads; the screen shows its skeletons until it arrives.
  loader: ({ context }) => void context.queryClient.prefetchQuery(earningsQueries.summary()),
  component: EarningsPage,
});

function EarningsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<EarningsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <Stack>
      <Title order={1}>Earnings</Title>
      <EarningsScreen search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
