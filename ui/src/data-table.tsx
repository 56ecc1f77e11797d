import { Box, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { usePagination } from '@mantine/hooks';
import {
  type ColumnDef,
  type PaginationState,
  type RowData,
  type rowPaginationFeature,
  type TableFeatures,
  type TableOptions,
  useTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** Features a server-paged table needs; callers add more (row selection, sorting) to the same object. */
type PagedFeatures = TableFeatures & { rowPaginationFeature: typeof rowPaginationFeature };

export interface DataTableProps<TFeatures extends PagedFeatures, TData extends RowData> {
  /** Module-scope `tableFeatures({ rowPaginationFeature, ... })`, the same object the columns were typed with. */
  features: TFeatures;
  // biome-ignore lint/suspicious/noExplicitAny: each column keeps its own cell value type
  columns: ReadonlyArray<ColumnDef<TFeatures, TData, any>>;
  /** The rows of the current page only: the server pages. */
  data: ReadonlyArray<TData>;
  /** Total number of rows on the server (across every page). */
  rowCount: number;
  /** More rows match than the server counted: `rowCount` is a lower bound, shown as "10000+". */
  rowCountCapped?: boolean;
  /** Page state owned by the caller (kept in the URL); `pageIndex` is zero-based. */
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  loading?: boolean;
  loadingText?: ReactNode;
  /** Shown instead of the table body when the page has no rows and nothing is loading. */
  emptyState?: ReactNode;
  getRowId?: (row: TData, index: number) => string;
  /** Accessible name of the table. */
  label?: string;
}

export function DataTable<TFeatures extends PagedFeatures, TData extends RowData>({
  features,
  columns,
  data,
  rowCount,
  rowCountCapped = false,
  pagination,
  onPaginationChange,
  loading = false,
  loadingText = 'Loading...',
  emptyState,
  getRowId,
  label,
}: DataTableProps<TFeatures, TData>) {
  // The option keys that belong to rowPaginationFeature do not resolve for a generic feature set,
  // so the options are assembled once here and typed for the caller's features.
  const options = {
    features,
    columns,
    data,
    getRowId,
    rowCount,
    manualPagination: true,
    state: { pagination },
    onPaginationChange: (updater: PaginationState | ((old: PaginationState) => PaginationState)) =>
      onPaginationChange(typeof updater === 'function' ? updater(pagination) : updater),
  } as unknown as TableOptions<TFeatures, TData>;
  const table = useTable(options);

  const columnCount = Math.max(table.getAllLeafColumns().length, 1);
  const rows = table.getRowModel().rows;
  const showEmpty = !loading && data.length === 0;

  return (
    <Stack gap="sm">
      <Box pos="relative" style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={loading}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id} colSpan={header.colSpan}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Center py="xl" role="status">
                    <Group gap="xs">
                      <Loader size="sm" />
                      <Text c="dimmed">{loadingText}</Text>
                    </Group>
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : showEmpty ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Center py="xl">{emptyState ?? <Text c="dimmed">No results</Text>}</Center>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getAllCells().map((cell) => (
                    <Table.Td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Box>
      <PaginationFooter
        pagination={pagination}
        rowCount={rowCount}
        rowCountCapped={rowCountCapped}
        disabled={loading}
        onPageIndexChange={(pageIndex) => onPaginationChange({ ...pagination, pageIndex })}
      />
    </Stack>
  );
}

interface PaginationFooterProps {
  pagination: PaginationState;
  rowCount: number;
  rowCountCapped: boolean;
  disabled: boolean;
  onPageIndexChange: (pageIndex: number) => void;
}

function PaginationFooter({
  pagination,
  rowCount,
  rowCountCapped,
  disabled,
  onPageIndexChange,
}: PaginationFooterProps) {
  const { pageIndex, pageSize } = pagination;
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const page = pageIndex + 1;
  const from = rowCount === 0 ? 0 : pageIndex * pageSize + 1;
  const to = rowCount === 0 ? 0 : Math.min((pageIndex + 1) * pageSize, rowCount);
  const { range } = usePagination({ total: pageCount, page, siblings: 1, boundaries: 1 });

  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        Showing {from} to {to} of {rowCount}
        {rowCountCapped ? '+' : ''} results
      </Text>
      <Group gap={4} component="nav" aria-label="Pagination">
        <Button
          variant="default"
          size="xs"
          disabled={disabled || page <= 1}
          onClick={() => onPageIndexChange(pageIndex - 1)}
        >
          Previous
        </Button>
        {range.map((item, index) =>
          item === 'dots' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the two ellipses differ only by position
            <Text key={`dots-${index}`} size="sm" px={4} aria-hidden>
              …
            </Text>
          ) : (
            <Button
              key={item}
              size="xs"
              variant={item === page ? 'filled' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              disabled={disabled}
              onClick={() => onPageIndexChange(item - 1)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          variant="default"
          size="xs"
          disabled={disabled || page >= pageCount}
          onClick={() => onPageIndexChange(pageIndex + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
