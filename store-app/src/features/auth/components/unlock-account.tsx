import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import '../auth-texts';
import { UNLOCK_FAILED, useUnlockAccount } from '../api/unlock-account';

/**
 * Where the unlock link of a locked account lands (`/unlock?token=…`). The shopper presses the button, so a mail
 * scanner that opens the link does not use it up.
 */
export function UnlockAccount({ token }: { token: string | undefined }) {
  const { t } = useTranslation('auth');
  const unlock = useUnlockAccount();
  const toLogin = (
    <Text size="sm" ta="center">
      <AnchorLink to="/login">{t('unlock.goToLogin')}</AnchorLink>
    </Text>
  );

  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" my="xl">
      <Stack>
        <Title order={1} ta="center">
          {t('unlock.title')}
        </Title>
        {!token ? (
          <Alert color="red" role="alert">
            {t('unlock.invalid')}
          </Alert>
        ) : unlock.isSuccess ? (
          <Alert color="teal" role="status">
            {t('unlock.done')}
          </Alert>
        ) : (
          <>
            <Text>{t('unlock.explain')}</Text>
            {unlock.error && (
              <Alert color="red" role="alert">
                {unlock.error.message === UNLOCK_FAILED ? t('unlock.failed') : unlock.error.message}
              </Alert>
            )}
            <Button onClick={() => unlock.mutate(token)} loading={unlock.isPending} fullWidth>
              {t('unlock.submit')}
            </Button>
          </>
        )}
        {toLogin}
      </Stack>
    </Paper>
  );
}
