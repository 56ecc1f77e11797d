import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useRevokeSession } from '../api/security.mutations';
import { securityQueries } from '../api/security.queries';
import { formatDateTime } from '../lib/format';

/** Spec 2 §3 trusted device (name, ip, location, last used): the signed-in staff member's live sessions. */
export function TrustedDevices() {
  const devices = useQuery(securityQueries.sessions());
  const revoke = useRevokeSession();

  const end = async (id: string) => {
    try {
      const answer = await revoke.mutateAsync({ params: { path: { id } } });
      toast.success(answer.message ?? 'The session has been ended.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to end the session.'));
    }
  };

  const rows = devices.data?.data ?? [];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trusted-devices-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trusted-devices-title">
          Trusted Devices
        </Title>
        {devices.isError ? (
          <Text c="red" role="alert">
            {errorMessage(devices.error, 'Failed to load your devices.')}
          </Text>
        ) : devices.isPending ? (
          <Text c="dimmed">Loading devices...</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed">No trusted devices.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Trusted devices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>IP Address</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Last Used</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((device) => (
                  <Table.Tr key={device.id}>
                    <Table.Td>
                      {device.name}{' '}
                      {device.current && (
                        <Badge size="xs" variant="light">
                          This device
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{device.ip ?? '—'}</Table.Td>
                    <Table.Td>{device.location ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(device.lastUsed)}</Table.Td>
                    <Table.Td>
                      {!device.current && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          aria-label={`Revoke ${device.name}`}
                          loading={revoke.isPending && revoke.variables?.params.path.id === device.id}
                          onClick={() => end(device.id)}
                        >
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
