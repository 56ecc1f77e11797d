import { Button, Group, NumberInput, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { $api, readKey } from '../../../lib/api';

type SyncSettings = Schemas['MarketplaceSync'];
type Frequency = SyncSettings['frequency'];

const syncQuery = () => $api.queryOptions('get', '/marketplace/sync');
const when = (iso: string | null, none: string) =>
  iso ? `${formatDate(iso)} ${iso.slice(11, 16)} UTC` : none;

/** Auto-sync on or off, hourly, daily or weekly (default daily), and a sync now. */
export function AutoSync() {
  const sync = useQuery(syncQuery());
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sync-title">
      <Title order={2} fz="h4" id="sync-title" mb="sm">
        Auto-Sync
      </Title>
      {sync.isError ? (
        <Text c="red" role="alert">
          {errorMessage(sync.error, 'Failed to load the auto-sync settings.')}
        </Text>
      ) : sync.data ? (
        <SyncForm key={JSON.stringify(sync.data.data)} saved={sync.data.data} />
      ) : (
        <Text c="dimmed">Loading the auto-sync settings...</Text>
      )}
    </Paper>
  );
}

function SyncForm({ saved }: { saved: SyncSettings }) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [frequency, setFrequency] = useState<Frequency>(saved.frequency);
  const [drift, setDrift] = useState<number | string>(saved.driftPercent);
  const save = $api.useMutation('put', '/marketplace/sync');
  const runNow = $api.useMutation('post', '/marketplace/sync/run');
  const validDrift = typeof drift === 'number' && Number.isInteger(drift) && drift >= 1 && drift <= 100;

  const submit = async () => {
    if (!validDrift) return;
    try {
      const answer = await save.mutateAsync({ body: { enabled, frequency, driftPercent: drift } });
      queryClient.setQueryData(syncQuery().queryKey, answer);
      toast.success(answer.message ?? 'Auto-sync settings saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'The auto-sync settings could not be saved.'));
    }
  };
  const syncNow = async () => {
    try {
      const answer = await runNow.mutateAsync({});
      toast.success(answer.message ?? 'Synced.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: syncQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: readKey('/marketplace/log') }),
      ]);
    } catch (error) {
      toast.error(errorMessage(error, 'The sync failed.'));
    }
  };

  return (
    <Stack>
      <Switch
        label="Auto-sync imported products (stock and supplier prices)"
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <Radio.Group
        label="Sync Frequency"
        value={frequency}
        onChange={(value) => setFrequency(value as Frequency)}
      >
        <Group mt={4}>
          <Radio value="hourly" label="Hourly" />
          <Radio value="daily" label="Daily" />
          <Radio value="weekly" label="Weekly" />
        </Group>
      </Radio.Group>
      <NumberInput
        label="Price drift alert (%)"
        description="A supplier price this far from the store's price raises a dashboard alert."
        min={1}
        max={100}
        allowDecimal={false}
        value={drift}
        onChange={setDrift}
        error={validDrift ? undefined : 'Enter a whole percentage from 1 to 100.'}
        w={260}
      />
      <Text size="sm" c="dimmed">
        Last sync: {when(saved.lastSyncAt, 'never')} · Next: {when(saved.nextSyncAt, 'off')}
      </Text>
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!validDrift}>
          Save Auto-Sync
        </Button>
        <Button variant="light" onClick={() => void syncNow()} loading={runNow.isPending}>
          Sync Now
        </Button>
      </Group>
    </Stack>
  );
}
