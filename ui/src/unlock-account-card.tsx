import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { ReactNode } from 'react';

type UnlockAccountCardProps = {
  token: string | undefined;
  /** What was paused: 'your account' (staff), 'your store' (vendors). */
  subject: string;
  unlock: {
    mutate: (variables: { body: { token: string } }) => void;
    isPending: boolean;
    isSuccess: boolean;
    data?: { message?: string } | undefined;
    error: unknown;
  };
  loginLink: ReactNode;
};

/**
 * Where the unlock link of a locked account lands. The owner presses the button, so a mail scanner that opens the
 * link does not use it up. The back office and the vendor panel each give their own mutation and sign-in link.
 */
export function UnlockAccountCard({ token, subject, unlock, loginLink }: UnlockAccountCardProps) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
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
              {unlock.data?.message}
            </Alert>
          ) : (
            <>
              <Text size="sm">
                Sign-in to {subject} was paused after many failed attempts. If they were yours, unlock it now;
                otherwise the lock ends by itself.
              </Text>
              {unlock.error ? (
                <Alert color="red" role="alert">
                  {errorMessage(unlock.error, 'The account could not be unlocked.')}
                </Alert>
              ) : null}
              <Button onClick={() => unlock.mutate({ body: { token } })} loading={unlock.isPending} fullWidth>
                Unlock My Account
              </Button>
            </>
          )}
          <Text size="sm" ta="center">
            {loginLink}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
