import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ScreenTitle } from '../../../../components/screen-title';
import { UserDetails } from '../../../../features/users/components/user-details';
import { UserPicker } from '../../../../features/users/components/user-picker';

const detailsSearchSchema = z.object({ id: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute('/manage-admin/_authed/users/details')({
  validateSearch: detailsSearchSchema,
  component: UserDetailsScreen,
});

function UserDetailsScreen() {
  const { id } = Route.useSearch();
  return (
    <>
      <ScreenTitle title="User Details" />
      {id ? <UserDetails key={id} id={id} /> : <UserPicker />}
    </>
  );
}
