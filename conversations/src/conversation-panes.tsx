import { Alert, Grid, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConversationPanesProps = {
  /** The conversations (a `ConversationList`). */
  list: ReactNode;
  /** What stands beside the list once there is something to show (the open conversation); null otherwise. */
  thread: ReactNode;
  /** A conversation is chosen and still loading: a placeholder stands in for it. */
  loading: boolean;
  texts: {
    /** The accessible name of the loading placeholder. */
    loading: string;
    /** Said beside the list while no conversation is chosen. */
    select: string;
  };
  /** What went wrong, one line each, in a red box under both panes. */
  errors?: readonly string[];
};

/** The list of conversations beside the one on view (below it on narrow screens). */
export function ConversationPanes({ list, thread, loading, texts, errors = [] }: ConversationPanesProps) {
  return (
    <>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>{list}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {thread ??
            (loading ? (
              <Paper withBorder p="md" radius="md" aria-label={texts.loading}>
                <Stack gap="sm">
                  <Skeleton height={28} width="60%" />
                  <Skeleton height={240} />
                </Stack>
              </Paper>
            ) : (
              <Paper withBorder p="xl" radius="md">
                <Text c="dimmed" ta="center">
                  {texts.select}
                </Text>
              </Paper>
            ))}
        </Grid.Col>
      </Grid>
      {errors.length > 0 ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap={4}>
            {errors.map((message) => (
              <Text key={message} size="sm" c="red.8">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
