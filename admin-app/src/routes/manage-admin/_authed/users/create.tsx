import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';

export const Route = createFileRoute('/manage-admin/_authed/users/create')({
  component: CreateUserScreen,
});

function CreateUserScreen() {
  return <ScreenTitle title="Create New User" />;
}
