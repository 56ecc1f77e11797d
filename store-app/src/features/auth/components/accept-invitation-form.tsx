import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { PasswordField } from '@shop/ui/form-fields';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { passwordToggleProps } from '../../../components/password-toggle';
import { AnchorLink } from '../../../components/router-links';
import { toast } from '../../../lib/toast';
import { useAcceptInvitation } from '../api/accept-invitation';
import { type AcceptInvitationValues, acceptInvitationSchema } from '../schemas/accept-invitation.schema';

export const INVITATION_LINK_INVALID = 'This invitation link is not valid.';
export const ACCOUNT_READY = 'Your account is ready.';

type AcceptInvitationFormProps = {
  /** The token from the invitation link; undefined when the link carries none. */
  token: string | undefined;
  onAccepted: () => void;
};

function InvitationCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" my="xl">
      <Stack>
        <Title order={1} ta="center">
          Set your password
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function AcceptInvitationForm({ token, onAccepted }: AcceptInvitationFormProps) {
  if (!token) {
    return (
      <InvitationCard>
        <Alert color="red" role="alert">
          {INVITATION_LINK_INVALID}
        </Alert>
        <Text size="sm" ta="center">
          <AnchorLink to="/login">Go to Login</AnchorLink>
        </Text>
      </InvitationCard>
    );
  }
  return <PasswordChoice token={token} onAccepted={onAccepted} />;
}

function PasswordChoice({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const accept = useAcceptInvitation();
  const { control, handleSubmit } = useForm<AcceptInvitationValues>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  // The confirmation never leaves the browser.
  const submit = ({ password }: AcceptInvitationValues) =>
    accept.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_READY);
          onAccepted();
        },
      },
    );

  return (
    <InvitationCard>
      {/* noValidate: the form's own messages explain a problem, not the browser's bubbles. */}
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack>
          {accept.error && (
            <Alert color="red" role="alert">
              {accept.error.message}
            </Alert>
          )}
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
          <Button type="submit" loading={accept.isPending} fullWidth>
            Set Password
          </Button>
        </Stack>
      </form>
    </InvitationCard>
  );
}
