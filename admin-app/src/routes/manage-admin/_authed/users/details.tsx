import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/users/details')({
  component: UserDetailsScreen,
});

function UserDetailsScreen() {
  return <ScreenTitle title="User Details" />;
}
