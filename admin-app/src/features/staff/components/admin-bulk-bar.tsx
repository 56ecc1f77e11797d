import { Button, Group, Paper, Text } from '@mantine/core';

type AdminBulkBarProps = {
  count: number;
  busy: boolean;
  onActivate: () => void;
  onSuspend: () => void;
  onDelete: () => void;
};

/** Spec 2 §2 Admin list bulk select: Activate, Suspend, Delete. */
export function AdminBulkBar({ count, busy, onActivate, onSuspend, onDelete }: AdminBulkBarProps) {
  return (
    <Paper withBorder p="sm" radius="md" bg="blue.0" role="toolbar" aria-label="Bulk actions">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" fw={500}>
          {count} selected
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" color="teal" onClick={onActivate} disabled={busy}>
            Activate
          </Button>
          <Button size="xs" variant="light" color="orange" onClick={onSuspend} disabled={busy}>
            Suspend
          </Button>
          <Button size="xs" color="red" onClick={onDelete} disabled={busy}>
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
