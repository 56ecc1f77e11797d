import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { AdminList } from '../../../../features/staff/components/admin-list';
import {
  type AdminListSearch,
  adminListSearchDefaults,
  adminListSearchSchema,
} from '../../../../features/staff/schemas/admin-list-search';

export const Route = createFileRoute('/manage-admin/_authed/admin/users')({
  validateSearch: adminListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/admin/users.
  search: { middlewares: [stripSearchParams(adminListSearchDefaults)] },
  component: AdminListScreen,
});

function AdminListScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<AdminListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Admin List" />
      <AdminList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
