import { Button, Group, Paper, Text } from '@mantine/core';

type UserBulkBarProps = {
  count: number;
  busy: boolean;
  onActivate: () => void;
  onDeactivate: () => void;
  onDelete: () => void;
};

/** Spec 2 §2 Users bulk bar, shown while rows are ticked: Activate, Deactivate, Delete. */
export function UserBulkBar({ count, busy, onActivate, onDeactivate, onDelete }: UserBulkBarProps) {
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
          <Button size="xs" variant="light" color="orange" onClick={onDeactivate} disabled={busy}>
            Deactivate
          </Button>
          <Button size="xs" color="red" onClick={onDelete} disabled={busy}>
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
