import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { $api, readKey } from '../../../lib/api';

type Call = Schemas['ApiCallLog'];

export const API_LOG_PAGE_SIZE = 5;
const SERVICE_LABELS: Record<Call['service'], string> = {
  marketplace: 'AliExpress',
  courier: 'Courier',
  rates: 'Currency rates',
};
const settingsQuery = () => $api.queryOptions('get', '/couriers/settings');
const logsKey = readKey('/api-logs');

/** Courier Integration & API Logs: the courier's key and endpoint, a connection test, tracking, and every outgoing call. */
export function CourierIntegration() {
  return (
    <Stack gap="lg">
      <CourierSettings />
      <ApiLogs />
    </Stack>
  );
}

function CourierSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const current = settings.data?.data;
  const [endpoint, setEndpoint] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => {
    if (current) setEndpoint(current.endpoint ?? '');
  }, [current]);

  const refreshLogs = () => queryClient.invalidateQueries({ queryKey: logsKey });
  const save = $api.useMutation('put', '/couriers/settings', {
    onSuccess: (answer) => queryClient.setQueryData(settingsQuery().queryKey, answer),
  });
  const test = $api.useMutation('post', '/couriers/test', { onSettled: refreshLogs });
  const track = $api.useMutation('post', '/couriers/tracking', { onSettled: refreshLogs });

  const submit = async () => {
    try {
      await save.mutateAsync({
        body: { endpoint: endpoint.trim() || null, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) },
      });
      setApiKey('');
      setResult(null);
      toast.success('Courier settings saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'The courier settings could not be saved.'));
    }
  };
  const removeKey = async () => {
    try {
      await save.mutateAsync({ body: { endpoint: current?.endpoint ?? null, apiKey: '' } });
      toast.success('The API key was removed.');
    } catch (error) {
      toast.error(errorMessage(error, 'The API key could not be removed.'));
    }
  };
  const runTest = async () => {
    try {
      setResult((await test.mutateAsync({})).data);
    } catch (error) {
      toast.error(errorMessage(error, 'The connection could not be tested.'));
    }
  };
  const runTracking = async () => {
    try {
      const answer = await track.mutateAsync({});
      toast.success(answer.message ?? 'Tracking checked.');
      await queryClient.invalidateQueries({ queryKey: readKey('/orders') });
    } catch (error) {
      toast.error(errorMessage(error, 'The tracking could not be checked.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="courier-settings-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="courier-settings-title">
          Courier Settings
        </Title>
        {current ? (
          <Badge color={current.connected ? 'green' : 'gray'} variant="light">
            {current.connected ? 'Connected' : 'Not connected'}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        The tracking service shipped orders are checked against every hour; an order the courier reports
        delivered becomes Delivered.
      </Text>
      <Stack gap="sm" maw={560}>
        <TextInput
          label="Endpoint"
          placeholder="https://tracking.example.com/v1"
          value={endpoint}
          onChange={(event) => setEndpoint(event.currentTarget.value)}
        />
        <PasswordInput
          label="API Key"
          description={
            current?.apiKeyMasked
              ? `Saved: ${current.apiKeyMasked}. Leave empty to keep it.`
              : 'Kept encrypted; only its last four characters are ever shown.'
          }
          placeholder={current?.apiKeyMasked ? 'Enter a new key to replace it' : 'Enter the API key'}
          value={apiKey}
          onChange={(event) => setApiKey(event.currentTarget.value)}
          autoComplete="off"
        />
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={!settings.data}>
            Save Settings
          </Button>
          {current?.connected ? (
            <>
              <Button variant="light" onClick={() => void runTest()} loading={test.isPending}>
                Test Connection
              </Button>
              <Button variant="light" onClick={() => void runTracking()} loading={track.isPending}>
                Check Tracking Now
              </Button>
            </>
          ) : null}
          {current?.apiKeyMasked ? (
            <Button variant="subtle" color="red" onClick={() => void removeKey()}>
              Remove Key
            </Button>
          ) : null}
        </Group>
        {result ? (
          <Alert color={result.ok ? 'green' : 'red'} role="status">
            {result.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Call>();
const columns = column.columns([
  column.accessor('outcome', {
    header: 'Type',
    cell: ({ getValue, row }) => (
      <Group gap={6} wrap="nowrap">
        <Badge color={getValue() === 'success' ? 'green' : 'red'} variant="light">
          {getValue()}
        </Badge>
        <Text size="xs" c="dimmed">
          {SERVICE_LABELS[row.original.service]}
        </Text>
      </Group>
    ),
  }),
  column.accessor('call', { header: 'Call' }),
  column.accessor('message', { header: 'Message' }),
  column.accessor('at', {
    header: 'Time',
    cell: ({ getValue }) => `${formatDate(getValue())} ${getValue().slice(11, 19)} UTC`,
  }),
  column.accessor('durationMs', {
    header: 'Duration',
    cell: ({ getValue }) => `${getValue().toLocaleString('en-US')} ms`,
  }),
]);

function ApiLogs() {
  const [page, setPage] = useState(1);
  const [service, setService] = useState<Call['service'] | null>(null);
  const [outcome, setOutcome] = useState<Call['outcome'] | null>(null);
  const logs = useQuery({
    ...$api.queryOptions('get', '/api-logs', {
      params: {
        query: {
          page,
          limit: API_LOG_PAGE_SIZE,
          ...(service ? { service } : {}),
          ...(outcome ? { outcome } : {}),
        },
      },
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="api-logs-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="h4" id="api-logs-title">
          API Logs
        </Title>
        <Group gap="xs">
          <Select
            aria-label="Service"
            placeholder="All services"
            clearable
            value={service}
            onChange={(value) => {
              setService(value as Call['service'] | null);
              setPage(1);
            }}
            data={Object.entries(SERVICE_LABELS).map(([value, label]) => ({ value, label }))}
            w={160}
          />
          <Select
            aria-label="Outcome"
            placeholder="All outcomes"
            clearable
            value={outcome}
            onChange={(value) => {
              setOutcome(value as Call['outcome'] | null);
              setPage(1);
            }}
            data={[
              { value: 'success', label: 'Success' },
              { value: 'error', label: 'Error' },
            ]}
            w={160}
          />
        </Group>
      </Group>
      {logs.isError && !logs.data ? (
        <Text c="red" role="alert">
          {errorMessage(logs.error, 'Failed to load the API log.')}
        </Text>
      ) : (
        <DataTable
          label="API log"
          features={features}
          columns={columns}
          data={logs.data?.data ?? []}
          getRowId={(row) => row.id}
          rowCount={logs.data?.meta.total ?? 0}
          pagination={{ pageIndex: page - 1, pageSize: API_LOG_PAGE_SIZE }}
          onPaginationChange={({ pageIndex }) => setPage(pageIndex + 1)}
          loading={logs.isPending}
          loadingText="Loading the API log..."
          emptyState={<Text c="dimmed">No calls logged yet.</Text>}
        />
      )}
    </Paper>
  );
}
