import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { $api } from '../../../lib/api';

type ForwardingSettings = Schemas['ForwardingSettings'];

const forwardingSettingsQuery = () => $api.queryOptions('get', '/settings/forwarding');

/** AliExpress Forwarding: orders placed with the suppliers on their own, after a fraud-review delay, and tracking. */
export function ForwardingSettingsPanel() {
  const settings = useQuery(forwardingSettingsQuery());
  if (settings.isPending) return <Text c="dimmed">Loading forwarding settings...</Text>;
  if (settings.isError)
    return <Text c="red">{errorMessage(settings.error, 'Failed to load forwarding settings.')}</Text>;
  return <ForwardingSettingsForm initial={settings.data.data} />;
}

function ForwardingSettingsForm({ initial }: { initial: ForwardingSettings }) {
  const [values, setValues] = useState(initial);
  const queryClient = useQueryClient();
  const save = $api.useMutation('put', '/settings/forwarding', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forwardingSettingsQuery().queryKey }),
  });
  const submit = async () => {
    try {
      await save.mutateAsync({ body: values });
      toast.success('Forwarding settings saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save forwarding settings.'));
    }
  };
  const minutes = (name: 'autoForwardDelayMinutes' | 'trackingSyncMinutes') => (value: string | number) =>
    setValues((current) => ({ ...current, [name]: typeof value === 'number' ? value : Number(value) || 0 }));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-forwarding">
      <Title order={3} fz="h4" id="settings-forwarding" mb={4}>
        AliExpress Forwarding
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Paid orders can go to their suppliers on their own once the fraud-review delay has passed; a product
        can opt in or out on its own. Parcels in transit are tracked at the cadence below.
      </Text>
      <Stack gap="md">
        <Switch
          label="Forward paid orders automatically"
          checked={values.autoForwardOrders}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setValues((current) => ({ ...current, autoForwardOrders: checked }));
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Fraud-review delay (minutes)"
            min={0}
            max={10080}
            value={values.autoForwardDelayMinutes}
            onChange={minutes('autoForwardDelayMinutes')}
          />
          <NumberInput
            label="Track parcels every (minutes)"
            min={5}
            max={1440}
            value={values.trackingSyncMinutes}
            onChange={minutes('trackingSyncMinutes')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save forwarding settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
