import { Badge, Button, Modal, Stack, Table, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime } from '@shop/ui/format';
import { useState } from 'react';

type SyncLog = Schemas['OrderForwarding']['syncLog'];

/** The forwarding's sync log, opened in a dialog from its table cell. */
export function SyncLogButton({ orderNumber, log }: { orderNumber: string; log: SyncLog }) {
  const [opened, setOpened] = useState(false);
  if (log.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const last = log.at(-1);
  return (
    <>
      <Stack gap={2} align="flex-start">
        <Text size="xs" c={last?.type === 'error' ? 'red' : 'dimmed'} lineClamp={1} maw={220}>
          {last?.message}
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={() => setOpened(true)}>
          View log ({log.length})
        </Button>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Sync log of ${orderNumber}`} size="lg">
        <Table aria-label="Sync log" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.map((entry) => (
              <Table.Tr key={`${entry.time}-${entry.message}`}>
                <Table.Td>{formatDateTime(entry.time)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={entry.type === 'error' ? 'red' : 'teal'}>
                    {entry.type}
                  </Badge>
                </Table.Td>
                <Table.Td>{entry.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
