import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { DisputeDesk } from '../../../features/disputes/components/dispute-desk';
import {
  type DisputeDeskSearch,
  disputeDeskSearchDefaults,
  disputeDeskSearchSchema,
} from '../../../features/disputes/schemas/dispute-desk-search';

export const Route = createFileRoute('/manage-admin/_authed/disputes')({
  validateSearch: disputeDeskSearchSchema,
  // Defaults stay out of the address, so the plain desk is just /manage-admin/disputes.
  search: { middlewares: [stripSearchParams(disputeDeskSearchDefaults)] },
  component: DisputesScreen,
});

function DisputesScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<DisputeDeskSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Dispute Management" />
      <DisputeDesk search={search} onSearchChange={onSearchChange} />
    </>
  );
}
