import { toast } from '@shop/ui/notifications';
import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { useAdminUser } from '../../app/session';
import { AdminShell } from '../../components/shell/admin-shell';

export const Route = createFileRoute('/manage-admin/_authed')({
  // Spec 1 §2.2: without a signed-in admin the shell sends the visitor to login.
  beforeLoad: ({ context }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/admin/auth/login', replace: true });
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { session } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const user = useAdminUser();

  // The session can end while the shell is open (a 401, expiry, another tab): go to login then too.
  if (!user) return <Navigate to="/admin/auth/login" replace />;

  return (
    <AdminShell
      displayName={user.name}
      onLogout={() => {
        session.logout();
        toast.success('Logout successful.');
        void navigate({ to: '/admin/auth/login' });
      }}
    >
      <Outlet />
    </AdminShell>
  );
}
