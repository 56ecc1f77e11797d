import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SectionHeader } from '../../../../components/section-header';

export const Route = createFileRoute('/manage-admin/_authed/admin')({
  component: AdminSection,
});

// Spec 1 §2.6 and spec 2 §2: the header navigation of the Role & Permission Management section.
function AdminSection() {
  return (
    <>
      <SectionHeader
        title="Role & Permission Management"
        links={[
          { label: 'Admin List', to: '/manage-admin/admin/users' },
          { label: 'Roles & Permissions', to: '/manage-admin/admin/roles' },
          { label: 'Security', to: '/manage-admin/admin/security' },
          { label: 'Activity Logs', to: '/manage-admin/admin/activity' },
          { label: 'Create Admin', to: '/manage-admin/admin/create' },
        ]}
      />
      <Outlet />
    </>
  );
}
