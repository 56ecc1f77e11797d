import { Code, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import type { ReactNode } from 'react';
import { changedFields, formatDateTime, formatDuration } from '../lib/activity-format';
import { ActivityStatusBadge } from './activity-status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

type ActivityDetailsModalProps = {
  entry: Schemas['ActivityLog'] | null;
  onClose: () => void;
};

/** Spec 2 §2 Activity Logs: one entry in full, with the values before and after a change. */
export function ActivityDetailsModal({ entry, onClose }: ActivityDetailsModalProps) {
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title="Activity Details"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {entry && (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>{entry.action}</Text>
            <ActivityStatusBadge status={entry.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field label="Admin">{entry.admin ?? 'Unknown'}</Field>
            <Field label="Email">{entry.email ?? '—'}</Field>
            <Field label="Timestamp">{formatDateTime(entry.timestamp)}</Field>
            <Field label="Target">{entry.target ?? '—'}</Field>
            <Field label="IP Address">{entry.ip ?? '—'}</Field>
            {entry.location !== null && <Field label="Location">{entry.location}</Field>}
            <Field label="Session Duration">
              {entry.sessionDuration === null ? 'Not known' : formatDuration(entry.sessionDuration)}
            </Field>
          </SimpleGrid>
          <Field label="User Agent">
            <Code block>{entry.userAgent ?? '—'}</Code>
          </Field>
          <Field label="Details">{entry.details || '—'}</Field>
          {entry.changes && (
            <Stack gap="xs">
              <Title order={4}>Changes</Title>
              <Table withTableBorder aria-label="Changes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Field</Table.Th>
                    <Table.Th>Before</Table.Th>
                    <Table.Th>After</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changedFields(entry.changes).map((row) => (
                    <Table.Tr key={row.field} fw={row.changed ? 600 : undefined}>
                      <Table.Td>{row.field}</Table.Td>
                      <Table.Td>{row.before}</Table.Td>
                      <Table.Td>{row.after}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
