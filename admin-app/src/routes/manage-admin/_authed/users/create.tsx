import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { CreateUserForm } from '../../../../features/users/components/create-user-form';

export const Route = createFileRoute('/manage-admin/_authed/users/create')({
  component: CreateUserScreen,
});

function CreateUserScreen() {
  return (
    <>
      <ScreenTitle title="Create New User" />
      <CreateUserForm />
    </>
  );
}
