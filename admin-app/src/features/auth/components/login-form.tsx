import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useAdminLogin } from '../api/use-admin-login';
import { type LoginFormValues, loginFormSchema } from '../schemas/login-form.schema';

// Spec 1 §9: the dashboard opens 1000 ms after a successful login.
const LOGIN_REDIRECT_DELAY_MS = 1000;

type LoginFormProps = {
  /** Starts the session with the token; false when the token names no admin. */
  onToken: (token: string) => boolean;
  /** Called once the redirect delay has passed. */
  onDone: () => void;
};

export function LoginForm({ onToken, onDone }: LoginFormProps) {
  const login = useAdminLogin();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const { control, handleSubmit } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (body) => {
    let token: string;
    try {
      token = (await login.mutateAsync({ body })).data.token;
    } catch (error) {
      toast.error(errorMessage(error, 'Login failed'));
      return;
    }
    if (!onToken(token)) {
      toast.error('Login failed');
      return;
    }
    toast.success('Login successful.');
    redirectTimer.current = setTimeout(onDone, LOGIN_REDIRECT_DELAY_MS);
  });

  const busy = login.isPending || login.isSuccess;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextField
          control={control}
          name="email"
          type="email"
          label="Email"
          placeholder="you@example.com"
          autoComplete="username"
          withAsterisk
        />
        <PasswordField
          control={control}
          name="password"
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          withAsterisk
          // Mantine's default name for the eye button mentions "password", which makes the field's label ambiguous.
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
        />
        <Button type="submit" fullWidth loading={busy} mt="xs">
          Log In
        </Button>
      </Stack>
    </form>
  );
}
