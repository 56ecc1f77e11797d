import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type ConfirmDeleteDialogProps = {
  opened: boolean;
  /** Spec 1 §2.9 for one product; the bulk delete names how many. */
  message?: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

const DELETE_ONE_MESSAGE = 'Are you sure you want to delete this product?';

/** Spec 1 §2.9 confirm dialog: 'Confirm Delete' with Cancel and Delete. */
export function ConfirmDeleteDialog({
  opened,
  message = DELETE_ONE_MESSAGE,
  busy = false,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Confirm Delete" centered>
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
