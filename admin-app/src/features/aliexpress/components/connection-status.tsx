import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { formatDate } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/api';

const statusQuery = () => $api.queryOptions('get', '/marketplace/status');

/** The marketplace connection as the server finds it now, and the access token, masked. */
export function ConnectionStatus() {
  const status = useQuery(statusQuery());
  const data = status.data?.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="connection-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="connection-title">
          Connection Status
        </Title>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => void status.refetch()}
          loading={status.isFetching}
        >
          Check Again
        </Button>
      </Group>
      {status.isError ? (
        <Text c="red" role="alert">
          {errorMessage(status.error, 'Failed to check the connection.')}
        </Text>
      ) : !data ? (
        <Text c="dimmed">Checking the connection...</Text>
      ) : (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge color={data.connected ? 'green' : 'red'} variant="light">
              {data.connected ? 'Connected' : 'Not connected'}
            </Badge>
            <Text size="sm" c="dimmed">
              {data.provider === 'fixture' ? 'Offline catalogue' : 'AliExpress Open Platform'}
            </Text>
          </Group>
          <Text size="sm">{data.message}</Text>
          <Text size="sm">
            <Text span fw={500}>
              Access token:{' '}
            </Text>
            {data.token
              ? `${data.token.masked}${data.token.expiresAt ? `, expires ${formatDate(data.token.expiresAt)}` : ', no expiry given'}`
              : 'none (the offline catalogue needs none)'}
          </Text>
          <Text size="xs" c="dimmed">
            Checked {formatDate(data.checkedAt)} {data.checkedAt.slice(11, 16)} UTC
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
