import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BulkAction } from './bulk-action-toast';

type StatusAction = Exclude<BulkAction, 'delete'>;

const STATUS_OPTIONS: { value: StatusAction; label: string }[] = [
  { value: 'publish', label: 'published' },
  { value: 'draft', label: 'draft' },
  { value: 'disable', label: 'disabled' },
];

type BulkEditModalProps = {
  opened: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
  onApply: (action: StatusAction) => void;
};

/** Sets one status on every ticked product. */
export function BulkEditModal({ opened, count, busy, onClose, onApply }: BulkEditModalProps) {
  const [action, setAction] = useState<StatusAction>('publish');
  return (
    <Modal opened={opened} onClose={onClose} title="Bulk Edit" centered>
      <Stack gap="md">
        <Text size="sm">{count === 1 ? '1 product selected.' : `${count} products selected.`}</Text>
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={action}
          onChange={(event) => setAction(event.currentTarget.value as StatusAction)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => onApply(action)} loading={busy}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
