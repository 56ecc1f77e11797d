import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { PasswordField } from '@shop/ui/form-fields';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordToggleProps } from '../../../components/password-toggle';
import { AnchorLink } from '../../../components/router-links';
import { toast } from '../../../lib/toast';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import '../auth-texts';
import { INVITATION_FAILED, useAcceptInvitation } from '../api/accept-invitation';
import { type AcceptInvitationValues, acceptInvitationSchema } from '../schemas/accept-invitation.schema';

type AcceptInvitationFormProps = {
  /** The token from the invitation link; undefined when the link carries none. */
  token: string | undefined;
  onAccepted: () => void;
};

function InvitationCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" my="xl">
      <Stack>
        <Title order={1} ta="center">
          {t('invitation.title')}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function AcceptInvitationForm({ token, onAccepted }: AcceptInvitationFormProps) {
  const { t } = useTranslation('auth');
  if (!token) {
    return (
      <InvitationCard>
        <Alert color="red" role="alert">
          {t('invitation.invalid')}
        </Alert>
        <Text size="sm" ta="center">
          <AnchorLink to="/login">{t('invitation.goToLogin')}</AnchorLink>
        </Text>
      </InvitationCard>
    );
  }
  return <PasswordChoice token={token} onAccepted={onAccepted} />;
}

function PasswordChoice({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const { t } = useTranslation('auth');
  const accept = useAcceptInvitation();
  const resolver = useTranslatedZodResolver(acceptInvitationSchema, 'auth');
  const { control, handleSubmit, trigger, formState } = useForm<AcceptInvitationValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  useRevalidateOnLanguageChange({ trigger, formState });

  // The confirmation never leaves the browser.
  const submit = ({ password }: AcceptInvitationValues) =>
    accept.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(t('invitation.ready'));
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
              {accept.error.message === INVITATION_FAILED ? t('invitation.failed') : accept.error.message}
            </Alert>
          )}
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="password"
            label={t('password')}
            autoComplete="new-password"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="confirmPassword"
            label={t('confirmPassword')}
            autoComplete="new-password"
          />
          <Button type="submit" loading={accept.isPending} fullWidth>
            {t('invitation.submit')}
          </Button>
        </Stack>
      </form>
    </InvitationCard>
  );
}
