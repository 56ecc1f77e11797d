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
      onDone={(next) =>
        navigate({
          to: next === 'enrolTwoFactor' ? '/manage-admin/admin/security' : '/manage-admin/dashboard',
        })
      }
    />
  );
}
