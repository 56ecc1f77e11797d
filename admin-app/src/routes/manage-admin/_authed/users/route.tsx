import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SectionHeader } from '../../../../components/section-header';

export const Route = createFileRoute('/manage-admin/_authed/users')({
  component: UsersSection,
});

// Spec 2 §2: the users group's own top navigation.
function UsersSection() {
  return (
    <>
      <SectionHeader
        title="Users Management"
        links={[
          { label: 'User List', to: '/manage-admin/users' },
          { label: 'Create User', to: '/manage-admin/users/create' },
          { label: 'Roles & Permissions', to: '/manage-admin/users/roles' },
          { label: 'User Details', to: '/manage-admin/users/details' },
        ]}
      />
      <Outlet />
    </>
  );
}
