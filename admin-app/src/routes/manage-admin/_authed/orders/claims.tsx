import { Stack, Title } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { ClaimDetailDrawer } from '../../../../features/claims/components/claim-detail';
import { ClaimList } from '../../../../features/claims/components/claim-list';
import { ClaimReport } from '../../../../features/claims/components/claim-report';
import {
  type ClaimSearch,
  claimSearchDefaults,
  claimSearchSchema,
} from '../../../../features/claims/schemas/claim-search';

export const Route = createFileRoute('/manage-admin/_authed/orders/claims')({
  validateSearch: claimSearchSchema,
  // Defaults stay out of the address.
  search: { middlewares: [stripSearchParams(claimSearchDefaults)] },
  component: ClaimsScreen,
});

function ClaimsScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<ClaimSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Parcel Claims" />
      <Stack gap="xl">
        <ClaimList
          search={search}
          onSearchChange={onSearchChange}
          onOpen={(claim) => onSearchChange({ claim })}
        />
        <Stack gap="md" component="section" aria-labelledby="claims-report-title">
          <Title order={2} fz="h4" id="claims-report-title">
            Claims Report
          </Title>
          <ClaimReport by={search.report} onByChange={(report) => onSearchChange({ report })} />
        </Stack>
      </Stack>
      <ClaimDetailDrawer id={search.claim} onClose={() => onSearchChange({ claim: undefined })} />
    </>
  );
}
