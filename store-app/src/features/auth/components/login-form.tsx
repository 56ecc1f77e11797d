import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { passwordToggleProps } from '../../../components/password-toggle';
import { AnchorLink } from '../../../components/router-links';
import { useCustomerLogin } from '../api/customer-login';
import { type LoginBody, loginSchema } from '../schemas/auth.schemas';
import { AuthCard } from './auth-card';

/** `problem` is a sign-in failure reported from elsewhere (an outside provider's), shown until the next try. */
export function LoginForm({ problem: reported }: { problem?: string | undefined } = {}) {
  const login = useCustomerLogin();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const problem = errors.root?.message ?? login.error?.message ?? (login.isIdle ? reported : undefined);

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to your account"
      footer={
        <>
          Don't have an account?{' '}
          <AnchorLink to="/register" underline="always">
            Register
          </AnchorLink>
        </>
      }
    >
      <form onSubmit={handleSubmit((values) => login.mutate(values))}>
        <Stack>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextField
            control={control}
            name="email"
            label="Email, Username or Phone Number"
            placeholder="you@example.com"
            autoComplete="username"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="password"
            label="Password"
            minLength={2}
            autoComplete="current-password"
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            Login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
