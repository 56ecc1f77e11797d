import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { errorMessage, isApiError } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAdminLoginNewPassword, useAdminLoginTwoFactor } from '../api/use-admin-login';
import {
  type NewPasswordValues,
  newPasswordSchema,
  type RecoveryCodeValues,
  recoveryCodeSchema,
  type TwoFactorCodeValues,
  twoFactorCodeSchema,
} from '../schemas/login-steps.schema';

export type LoginResult = Schemas['AdminLoginResult'];

type StepProps = {
  challenge: string;
  /** The server's answer: the session, or the next challenge. */
  onResult: (result: LoginResult) => void;
};

/** The second step when two-factor sign-in is on: a code from the app, or one recovery code. */
export function TwoFactorStep({ challenge, onResult }: StepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useAdminLoginTwoFactor();
  const codeForm = useForm<TwoFactorCodeValues>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
  });
  const recoveryForm = useForm<RecoveryCodeValues>({
    resolver: zodResolver(recoveryCodeSchema),
    defaultValues: { recoveryCode: '' },
  });

  const send = async (proof: { code: string } | { recoveryCode: string }) => {
    try {
      onResult((await verify.mutateAsync({ body: { challenge, ...proof } })).data);
    } catch (error) {
      toast.error(errorMessage(error, 'Login failed'));
    }
  };

  const busy = verify.isPending || verify.isSuccess;

  // The code field takes the focus as the step opens (after the password) and when switching between kinds of code.
  useEffect(() => {
    if (useRecovery) recoveryForm.setFocus('recoveryCode');
    else codeForm.setFocus('code');
  }, [useRecovery, codeForm.setFocus, recoveryForm.setFocus]);

  return (
    <Stack gap="md">
      <Text size="sm">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Text>
      {useRecovery ? (
        <form
          onSubmit={recoveryForm.handleSubmit((values) => send({ recoveryCode: values.recoveryCode.trim() }))}
          noValidate
        >
          <Stack gap="md">
            <TextField
              control={recoveryForm.control}
              name="recoveryCode"
              label="Recovery code"
              autoComplete="off"
              withAsterisk
            />
            <Button type="submit" fullWidth loading={busy}>
              Verify
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={codeForm.handleSubmit((values) => send({ code: values.code.trim() }))} noValidate>
          <Stack gap="md">
            <TextField
              control={codeForm.control}
              name="code"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              withAsterisk
            />
            <Button type="submit" fullWidth loading={busy}>
              Verify
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((on) => !on)}>
        {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
      </Anchor>
    </Stack>
  );
}

/** When the password has expired (or staff asked for a change): a new one, checked by the server's policy. */
export function NewPasswordStep({ challenge, onResult }: StepProps) {
  const change = useAdminLoginNewPassword();
  const { control, handleSubmit, setError } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ newPassword }) => {
    try {
      onResult((await change.mutateAsync({ body: { challenge, newPassword } })).data);
    } catch (error) {
      // The policy names every rule the password breaks; all of them show under the field.
      const broken = isApiError(error)
        ? (error.errors ?? []).filter((e) => e.path === '/newPassword').map((e) => e.message)
        : [];
      if (broken.length > 0) setError('newPassword', { message: broken.join(' ') });
      else toast.error(errorMessage(error, 'Login failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">Your password has expired. Please choose a new one.</Text>
        <PasswordField
          control={control}
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': 'Show new password characters' }}
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': 'Show confirmation characters' }}
        />
        <Button type="submit" fullWidth loading={change.isPending || change.isSuccess}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
