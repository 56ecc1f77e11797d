import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../../features/auth/components/login-page';

export const Route = createFileRoute('/admin/auth/login')({
  component: LoginScreen,
});

function LoginScreen() {
  const { session } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <LoginPage
      onToken={(token) => session.login(token) !== null}
      onDone={() => navigate({ to: '/manage-admin/dashboard' })}
    />
  );
}
