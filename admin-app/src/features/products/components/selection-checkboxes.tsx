import { Checkbox } from '@mantine/core';
import type { RowSelection } from './use-row-selection';

export function SelectAllCheckbox({ selection, pageIds }: { selection: RowSelection; pageIds: string[] }) {
  const ticked = pageIds.filter((id) => selection.isSelected(id)).length;
  return (
    <Checkbox
      aria-label="Select all products on this page"
      checked={pageIds.length > 0 && ticked === pageIds.length}
      indeterminate={ticked > 0 && ticked < pageIds.length}
      disabled={pageIds.length === 0}
      onChange={() => selection.toggleAll(pageIds)}
    />
  );
}

export function SelectRowCheckbox({
  selection,
  id,
  name,
}: {
  selection: RowSelection;
  id: string;
  name: string;
}) {
  return (
    <Checkbox
      aria-label={`Select ${name}`}
      checked={selection.isSelected(id)}
      onChange={() => selection.toggle(id)}
    />
  );
}
