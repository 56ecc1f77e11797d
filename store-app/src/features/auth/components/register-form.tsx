import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { passwordToggleProps } from '../../../components/password-toggle';
import { AnchorLink } from '../../../components/router-links';
import { useCustomerRegister } from '../api/customer-register';
import { type RegisterBody, registerSchema } from '../schemas/auth.schemas';
import { AuthCard } from './auth-card';

type RegisterFormProps = { onRegistered: () => void };

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const register = useCustomerRegister();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterBody>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const problem = errors.root?.message ?? register.error?.message;

  return (
    <AuthCard
      title="Create Account"
      subtitle="Join to shop from around the world"
      footer={
        <>
          Already have an account?{' '}
          <AnchorLink to="/login" underline="always">
            Login
          </AnchorLink>
        </>
      }
    >
      {/* noValidate: the spec's own messages explain a problem, not the browser's bubbles. */}
      <form
        noValidate
        onSubmit={handleSubmit((values) => register.mutate(values, { onSuccess: onRegistered }))}
      >
        <Stack>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextField control={control} name="name" label="Full Name" autoComplete="name" />
          <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="password"
            label="Password"
            autoComplete="new-password"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="confirmPassword"
            label="Confirm Password"
            autoComplete="new-password"
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            Register
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
