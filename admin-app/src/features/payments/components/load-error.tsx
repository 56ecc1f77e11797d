import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';

type LoadErrorProps = { error: unknown; fallback: string; onRetry: () => void };

/** A read that failed: the server's message and a way to ask again. */
export function LoadError({ error, fallback, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{errorMessage(error, fallback)}</Text>
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
