import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../components/screen-title';
import { VendorList } from '../../../features/vendors/components/vendor-list';
import {
  type VendorListSearch,
  vendorListSearchDefaults,
  vendorListSearchSchema,
} from '../../../features/vendors/schemas/vendor-list-search';

export const Route = createFileRoute('/manage-admin/_authed/vendors')({
  validateSearch: vendorListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/vendors.
  search: { middlewares: [stripSearchParams(vendorListSearchDefaults)] },
  component: VendorApplicationsScreen,
});

function VendorApplicationsScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<VendorListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Vendor Applications" />
      <VendorList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
