import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { UserList } from '../../../../features/users/components/user-list';
import {
  type UserListSearch,
  userListSearchDefaults,
  userListSearchSchema,
} from '../../../../features/users/schemas/user-list-search';

export const Route = createFileRoute('/manage-admin/_authed/users/')({
  validateSearch: userListSearchSchema,
  // Defaults stay out of the address, so the plain list is just /manage-admin/users.
  search: { middlewares: [stripSearchParams(userListSearchDefaults)] },
  component: UserListScreen,
});

function UserListScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<UserListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="User List" />
      <UserList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
