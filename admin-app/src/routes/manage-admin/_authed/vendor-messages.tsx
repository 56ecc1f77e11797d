import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { VendorMessagesDesk } from '../../../features/vendor-messages/components/vendor-messages-desk';
import {
  type VendorMessagesSearch,
  vendorMessagesSearchDefaults,
  vendorMessagesSearchSchema,
} from '../../../features/vendor-messages/schemas/vendor-messages-search';

export const Route = createFileRoute('/manage-admin/_authed/vendor-messages')({
  validateSearch: vendorMessagesSearchSchema,
  // Defaults stay out of the address, so the plain screen is just /manage-admin/vendor-messages.
  search: { middlewares: [stripSearchParams(vendorMessagesSearchDefaults)] },
  component: VendorMessagesScreen,
});

function VendorMessagesScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<VendorMessagesSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle
        title="Vendor Messages"
        subtitle="Conversations between vendor stores and the store's staff."
      />
      <VendorMessagesDesk search={search} onSearchChange={onSearchChange} />
    </>
  );
}
