import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type ProductListDeleteDialogProps = {
  /** The product's title while asking; null closes the dialog. */
  title: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The catalogue's confirm dialog (spec 1 §2.9): 'Confirm Delete' with Cancel and Delete. */
export function ProductListDeleteDialog({ title, busy, onCancel, onConfirm }: ProductListDeleteDialogProps) {
  return (
    <Modal opened={title !== null} onClose={onCancel} title="Confirm Delete" centered>
      <Stack gap="lg">
        <Text>Are you sure you want to delete this product?</Text>
        {title ? (
          <Text size="sm" c="dimmed">
            {title}
          </Text>
        ) : null}
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
