import { Box, Checkbox, Paper, Stack } from '@mantine/core';
import type { ColumnDef, RowData, rowPaginationFeature, TableFeatures } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from '../data-table';
import { ListError } from './list-error';
import type { RowSelection } from './use-row-selection';
import './list-table.css';

/** The parts of a TanStack Query result the list reads. */
export type ListQuery = {
  data?: unknown;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type ListSelection<TData> = {
  state: RowSelection;
  /** The header checkbox's name, e.g. "Select all users on this page". */
  allLabel: string;
  /** The row as its checkbox names it: "Select {name}". */
  nameOf: (row: TData) => string;
  /** Rows that cannot take part in bulk actions show a disabled box; every row can by default. */
  canSelect?: (row: TData) => boolean;
};

type PagedFeatures = TableFeatures & { rowPaginationFeature: typeof rowPaginationFeature };

export interface ListTableProps<TFeatures extends PagedFeatures, TData extends RowData>
  extends Omit<
    DataTableProps<TFeatures, TData>,
    'pagination' | 'onPaginationChange' | 'rowCount' | 'rowCountCapped' | 'loading' | 'getRowId'
  > {
  /** The list's query: its rows, whether it is loading, and its failure with a way to ask again. */
  query: ListQuery;
  /** Every row matching the URL's filters, across pages. */
  total: number;
  /** The server counted `total` of more matches (the answer's `meta.capped`): the footer says "10000+". */
  totalCapped?: boolean | undefined;
  /** The URL's page, 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  getRowId: (row: TData) => string;
  /** What the error says when the server could not be reached (no message of its own). */
  errorFallback: string;
  /** Ticking rows for the bulk bar: a checkbox column comes first. */
  selection?: ListSelection<TData>;
  /** A list of its own sits in a bordered panel; one inside a screen's section does not (default true). */
  framed?: boolean;
}

/**
 * A server-paged list in its frame: the table, or the failure with Retry in its place (never an empty state beside
 * an error), its empty and loading states and the pagination. Badges and action buttons never truncate.
 */
export function ListTable<TFeatures extends PagedFeatures, TData extends RowData>({
  query,
  total,
  totalCapped = false,
  page,
  pageSize,
  onPageChange,
  errorFallback,
  selection,
  framed = true,
  columns,
  data,
  getRowId,
  ...table
}: ListTableProps<TFeatures, TData>) {
  const withSelection = selection
    ? [selectionColumn<TFeatures, TData>(selection, data, getRowId), ...columns]
    : columns;
  // Rows already on screen stay while a refetch fails; with none, the error takes the table's place.
  const failedEmpty = query.isError && query.data === undefined;

  const content = (
    <Stack gap="sm">
      {query.isError ? (
        <ListError
          error={query.error}
          fallback={errorFallback}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {failedEmpty ? null : (
        <Box className="shop-list-table">
          <DataTable
            {...table}
            columns={withSelection}
            data={data}
            getRowId={getRowId}
            rowCount={total}
            rowCountCapped={totalCapped}
            pagination={{ pageIndex: page - 1, pageSize }}
            onPaginationChange={({ pageIndex }) => onPageChange(pageIndex + 1)}
            loading={query.isPending}
          />
        </Box>
      )}
    </Stack>
  );
  return framed ? (
    <Paper withBorder p="md" radius="md">
      {content}
    </Paper>
  ) : (
    content
  );
}

function selectionColumn<TFeatures extends PagedFeatures, TData extends RowData>(
  { state, allLabel, nameOf, canSelect = () => true }: ListSelection<TData>,
  rows: readonly TData[],
  getRowId: (row: TData) => string,
) {
  const pageIds = rows.filter(canSelect).map(getRowId);
  const ticked = pageIds.filter((id) => state.isSelected(id)).length;
  const column = {
    id: 'select',
    header: () => (
      <Checkbox
        aria-label={allLabel}
        checked={pageIds.length > 0 && ticked === pageIds.length}
        indeterminate={ticked > 0 && ticked < pageIds.length}
        disabled={pageIds.length === 0}
        onChange={() => state.toggleAll(pageIds)}
      />
    ),
    cell: ({ row }: { row: { original: TData } }) => (
      <Checkbox
        aria-label={`Select ${nameOf(row.original)}`}
        checked={state.isSelected(getRowId(row.original))}
        disabled={!canSelect(row.original)}
        onChange={() => state.toggle(getRowId(row.original))}
      />
    ),
  };
  // A display column built outside a column helper: its cell reads only the row.
  return column as unknown as ColumnDef<TFeatures, TData, unknown>;
}
