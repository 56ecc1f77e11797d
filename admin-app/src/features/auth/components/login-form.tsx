import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAdminLogin } from '../api/use-admin-login';
import { type LoginFormValues, loginFormSchema } from '../schemas/login-form.schema';
import { type LoginResult, NewPasswordStep, TwoFactorStep } from './login-steps';

// Spec 1 §9: the dashboard opens 1000 ms after a successful login.
const LOGIN_REDIRECT_DELAY_MS = 1000;

type LoginFormProps = {
  /** Starts the session with the token; false when the token names no admin. */
  onToken: (token: string) => boolean;
  /**
   * Called once the redirect delay has passed; `enrolTwoFactor` when the settings require two-factor sign-in and
   * this staff member has not set it up yet.
   */
  onDone: (next: 'dashboard' | 'enrolTwoFactor') => void;
};

type Challenge = { step: 'twoFactor' | 'newPassword'; challenge: string };

export function LoginForm({ onToken, onDone }: LoginFormProps) {
  const login = useAdminLogin();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const { control, handleSubmit } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const [pending, setPending] = useState<Challenge | null>(null);

  /** Each step answers the session, or a challenge for the next step (a code, then a new password if due). */
  const onResult = (result: LoginResult) => {
    if (!('token' in result)) {
      setPending({
        step: result.twoFactorRequired ? 'twoFactor' : 'newPassword',
        challenge: result.challenge,
      });
      return;
    }
    if (!onToken(result.token)) {
      toast.error('Login failed');
      return;
    }
    toast.success('Login successful.');
    const next = result.twoFactorSetupRequired ? 'enrolTwoFactor' : 'dashboard';
    redirectTimer.current = setTimeout(() => onDone(next), LOGIN_REDIRECT_DELAY_MS);
  };

  const submit = handleSubmit(async (body) => {
    try {
      onResult((await login.mutateAsync({ body })).data);
    } catch (error) {
      toast.error(errorMessage(error, 'Login failed'));
    }
  });

  const busy = login.isPending || (login.isSuccess && pending === null);

  // The key starts each step with a fresh form when a new challenge arrives.
  if (pending?.step === 'twoFactor') {
    return <TwoFactorStep key={pending.challenge} challenge={pending.challenge} onResult={onResult} />;
  }
  if (pending?.step === 'newPassword') {
    return <NewPasswordStep key={pending.challenge} challenge={pending.challenge} onResult={onResult} />;
  }

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
