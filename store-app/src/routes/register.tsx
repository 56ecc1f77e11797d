import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RegisterForm } from '../features/auth/components/register-form';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  const navigate = useNavigate();
  return <RegisterForm onRegistered={() => void navigate({ to: '/profile' })} />;
}
