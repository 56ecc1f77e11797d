import { createFileRoute } from '@tanstack/react-router';
import { ScreenTitle } from '../../../../components/screen-title';
import { CreateAdminForm } from '../../../../features/staff/components/create-admin-form';

export const Route = createFileRoute('/manage-admin/_authed/admin/create')({
  component: CreateAdminScreen,
});

function CreateAdminScreen() {
  return (
    <>
      <ScreenTitle title="Create Admin" />
      <CreateAdminForm />
    </>
  );
}
