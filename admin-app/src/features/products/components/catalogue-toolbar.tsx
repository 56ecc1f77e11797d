import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '../api/export-products';

type CatalogueToolbarProps = {
  selectedCount: number;
  busy: boolean;
  exporting: ExportFormat | null;
  onEdit: () => void;
  onDisable: () => void;
  onDelete: () => void;
  onBulkEdit: () => void;
  onExport: (format: ExportFormat) => void;
};

/** Spec 1 §2.9 toolbar: Edit needs exactly one ticked row; Disable, Delete and Bulk Edit need at least one. */
export function CatalogueToolbar({
  selectedCount,
  busy,
  exporting,
  onEdit,
  onDisable,
  onDelete,
  onBulkEdit,
  onExport,
}: CatalogueToolbarProps) {
  const none = selectedCount === 0 || busy;
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Product actions">
      <Button size="xs" variant="default" onClick={onEdit} disabled={selectedCount !== 1}>
        Edit
      </Button>
      <Button size="xs" variant="default" onClick={onDisable} disabled={none}>
        Disable
      </Button>
      <Button size="xs" variant="default" color="red" onClick={onDelete} disabled={none}>
        Delete
      </Button>
      <Button size="xs" variant="default" onClick={onBulkEdit} disabled={none}>
        Bulk Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => onExport('csv')}
        loading={exporting === 'csv'}
      >
        Export CSV
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => onExport('json')}
        loading={exporting === 'json'}
      >
        Export JSON
      </Button>
    </Group>
  );
}
