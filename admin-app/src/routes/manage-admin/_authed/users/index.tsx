import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/users/')({
  component: UserListScreen,
});

function UserListScreen() {
  return <ScreenTitle title="User List" />;
}
