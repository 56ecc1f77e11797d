import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { Link } from '@tanstack/react-router';
import { useUnlockAccount } from '../api/use-unlock-account';

/**
 * Where the unlock link of a locked staff account lands (`/admin/auth/unlock?token=…`). The staff member presses
 * the button, so a mail scanner that opens the link does not use it up.
 */
export function UnlockPage({ token }: { token: string | undefined }) {
  const unlock = useUnlockAccount();
  return (
    <Stack justify="center" align="center" mih="100vh" p="xl">
      <Paper w="100%" maw={420} p="xl" withBorder shadow="sm">
        <Stack>
          <Title order={1} size="h2">
            Unlock your account
          </Title>
          {!token ? (
            <Alert color="red" role="alert">
              This unlock link is not valid.
            </Alert>
          ) : unlock.isSuccess ? (
            <Alert color="teal" role="status">
              {unlock.data.message}
            </Alert>
          ) : (
            <>
              <Text size="sm">
                Sign-in to your account was paused after many failed attempts. If they were yours, unlock it
                now; otherwise the lock ends by itself.
              </Text>
              {unlock.error && (
                <Alert color="red" role="alert">
                  {errorMessage(unlock.error, 'The account could not be unlocked.')}
                </Alert>
              )}
              <Button onClick={() => unlock.mutate({ body: { token } })} loading={unlock.isPending} fullWidth>
                Unlock My Account
              </Button>
            </>
          )}
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/admin/auth/login">
              Go to Login
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
