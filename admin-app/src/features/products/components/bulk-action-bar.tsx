import { Button, Group, Paper, Text } from '@mantine/core';

type BulkActionBarProps = {
  count: number;
  busy: boolean;
  onPublish: () => void;
  onDraft: () => void;
  onDelete: () => void;
};

/** Spec 1 §2.8 bulk bar, shown while rows are ticked. */
export function BulkActionBar({ count, busy, onPublish, onDraft, onDelete }: BulkActionBarProps) {
  return (
    <Paper withBorder p="sm" radius="md" bg="blue.0" role="toolbar" aria-label="Bulk actions">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" fw={500}>
          {count} selected
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onPublish} disabled={busy}>
            Publish Selected
          </Button>
          <Button size="xs" variant="default" onClick={onDraft} disabled={busy}>
            Move to Draft
          </Button>
          <Button size="xs" color="red" onClick={onDelete} disabled={busy}>
            Delete Selected
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
