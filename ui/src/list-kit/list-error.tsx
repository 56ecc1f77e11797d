import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';

type ListErrorProps = {
  error: unknown;
  /** Said when the server gave no message (it could not be reached). */
  fallback: string;
  onRetry: () => void;
  retrying?: boolean;
};

/** A read that failed: the server's message, or the screen's own words when it could not be reached, and Retry. */
export function ListError({ error, fallback, onRetry, retrying = false }: ListErrorProps) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{errorMessage(error, fallback)}</Text>
        <Button size="compact-sm" variant="white" color="red" loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
