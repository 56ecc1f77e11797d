import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Badge, Button, Group, MantineProvider } from '@mantine/core';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { BulkBar } from './bulk-bar';
import { BulkReport, type BulkReportContent, bulkReportOf } from './bulk-report';
import { FilterSelect } from './filter-select';
import { type ListQuery, ListTable } from './list-table';
import { SearchField } from './search-field';
import { useListState } from './use-list-state';

// The test environment leaves stylesheets out; this one is applied by hand to check what its rules reach.
const listTableCss = readFileSync(join(import.meta.dirname, 'list-table.css'), 'utf8');

type Item = { id: string; name: string; status: string };

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Item>();
const columns = column.columns([column.accessor('name', { header: 'Name' })]);

const items = (from: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `i${from + i}`,
    name: `Item ${from + i}`,
    status: 'active',
  }));

const PAGE_SIZE = 2;
const ALL = items(1, 5);

const loaded = (data: unknown = {}): ListQuery => ({
  data,
  isPending: false,
  isFetching: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

const renderWithTheme = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

type Search = { page: number; q: string; status: 'all' | 'active' | 'archived' };

/**
 * A list screen on the kit, with the route's search params played by an address the test can read: the kit must
 * write page, search and filters there and read them back from it.
 */
function ItemsScreen({ initial = '', onArchive }: { initial?: string; onArchive?: (ids: string[]) => void }) {
  const [address, setAddress] = useState(new URLSearchParams(initial));
  const search: Search = {
    page: Number(address.get('page') ?? 1),
    q: address.get('q') ?? '',
    status: (address.get('status') as Search['status'] | null) ?? 'all',
  };
  const list = useListState(search, (change) =>
    setAddress((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) next.set(key, String(value));
      return next;
    }),
  );
  const [report, setReport] = useState<BulkReportContent | null>(null);
  const matching = ALL.filter((item) => item.name.toLowerCase().includes(search.q.toLowerCase()));
  const rows = matching.slice((search.page - 1) * PAGE_SIZE, search.page * PAGE_SIZE);

  return (
    <>
      <output aria-label="Address">{address.toString()}</output>
      <SearchField label="Search" value={search.q} onSearch={(q) => list.filter({ q })} />
      <FilterSelect
        label="Status"
        options={[{ value: 'all', label: 'All statuses' }, 'active', 'archived']}
        value={search.status}
        onChange={(status) => list.filter({ status })}
      />
      <BulkBar count={list.selection.count}>
        <Button
          size="xs"
          onClick={() => {
            onArchive?.(list.selection.ids);
            setReport(
              bulkReportOf(
                '1 item could not be archived',
                [{ id: 'i2', message: 'Item 2 is locked.' }],
                (id) => rows.find((row) => row.id === id)?.name,
              ),
            );
            list.selection.clear();
          }}
        >
          Archive
        </Button>
      </BulkBar>
      <BulkReport report={report} onClose={() => setReport(null)} />
      <ListTable
        label="Items"
        query={loaded()}
        features={features}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        total={matching.length}
        page={search.page}
        pageSize={PAGE_SIZE}
        onPageChange={list.setPage}
        errorFallback="Failed to load items."
        emptyState="No items found."
        selection={{
          state: list.selection,
          allLabel: 'Select all items on this page',
          nameOf: (row) => row.name,
        }}
      />
    </>
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('the list kit', () => {
  it('ticks rows and the whole page, shows the bulk bar while any is ticked, and hands the ids to the action', async () => {
    const user = userEvent.setup();
    const onArchive = vi.fn();
    renderWithTheme(<ItemsScreen onArchive={onArchive} />);

    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Item 2' }));
    const bar = within(screen.getByRole('toolbar', { name: 'Bulk actions' }));
    expect(bar.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all items on this page' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select all items on this page' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Archive' }));
    expect(onArchive).toHaveBeenCalledWith(['i1', 'i2']);
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('starts with nothing ticked on another page, so a bulk action never reaches rows out of sight', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ItemsScreen />);

    await user.click(screen.getByRole('checkbox', { name: 'Select Item 1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('cell', { name: 'Item 3' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('reports each refused row by the name the list shows, until closed', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ItemsScreen />);

    await user.click(screen.getByRole('checkbox', { name: 'Select Item 2' }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const report = screen.getByRole('alert', { name: '1 item could not be archived' });
    expect(within(report).getByText('Item 2: Item 2 is locked.')).toBeInTheDocument();

    await user.click(within(report).getByRole('button', { name: 'Close report' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps page, search and filters in the address, and a search or filter goes back to page 1', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ItemsScreen initial="page=2" />);

    expect(screen.getByRole('cell', { name: 'Item 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(address()).toBe('page=3');
    expect(screen.getByRole('cell', { name: 'Item 5' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(address()).toBe('page=1&status=active');

    await user.type(screen.getByLabelText('Search'), ' item 4 {Enter}');
    expect(address()).toBe('page=1&status=active&q=item+4');
    expect(screen.getByRole('cell', { name: 'Item 4' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Item 1' })).not.toBeInTheDocument();
  });

  it('sends a search once typing pauses, and not at all when the text did not change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const onSearch = vi.fn();
      renderWithTheme(<SearchField label="Search" value="shoes" onSearch={onSearch} />);

      await user.type(screen.getByLabelText('Search'), ' ');
      act(() => vi.advanceTimersByTime(400));
      expect(onSearch).not.toHaveBeenCalled();

      await user.type(screen.getByLabelText('Search'), 'red');
      expect(onSearch).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(400));
      expect(onSearch).toHaveBeenCalledExactlyOnceWith('shoes red');
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a waiting search when the screen is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const onSearch = vi.fn();
      let leave = () => {};
      const onLeave = (cancel: () => void) => {
        leave = cancel;
        return () => {};
      };
      renderWithTheme(<SearchField label="Search" value="" onSearch={onSearch} onLeave={onLeave} />);

      await user.type(screen.getByLabelText('Search'), 'red');
      leave();
      act(() => vi.advanceTimersByTime(400));
      expect(onSearch).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty state when the server has no rows', () => {
    renderWithTheme(
      <ListTable
        label="Items"
        query={loaded()}
        features={features}
        columns={columns}
        data={[]}
        getRowId={(row) => row.id}
        total={0}
        page={1}
        pageSize={PAGE_SIZE}
        onPageChange={() => {}}
        errorFallback="Failed to load items."
        emptyState="No items found."
      />,
    );
    expect(screen.getByText('No items found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts a failure with Retry in place of the table, never an empty state beside it', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    const failed: ListQuery = {
      isPending: false,
      isFetching: false,
      isError: true,
      error: new TypeError('Failed to fetch'),
      refetch,
    };
    const { rerender } = renderWithTheme(
      <ListTable
        label="Items"
        query={failed}
        features={features}
        columns={columns}
        data={[]}
        getRowId={(row) => row.id}
        total={0}
        page={1}
        pageSize={PAGE_SIZE}
        onPageChange={() => {}}
        errorFallback="Failed to load items."
        emptyState="No items found."
      />,
    );

    // A network failure has no server message: the screen's own words, not the browser's "Failed to fetch".
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load items.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(screen.queryByText('No items found.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();

    // The server's own message wins; rows already on screen stay under it.
    rerender(
      <MantineProvider theme={theme}>
        <ListTable
          label="Items"
          query={{
            ...failed,
            data: {},
            error: { success: false, message: 'Database unavailable.', code: 'X' },
          }}
          features={features}
          columns={columns}
          data={items(1, 1)}
          getRowId={(row) => row.id}
          total={1}
          page={1}
          pageSize={PAGE_SIZE}
          onPageChange={() => {}}
          errorFallback="Failed to load items."
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable.');
    expect(screen.getByRole('cell', { name: 'Item 1' })).toBeInTheDocument();
  });

  it('keeps badges and action buttons whole: the table, not them, gives way', () => {
    const style = document.createElement('style');
    style.textContent = listTableCss;
    document.head.append(style);
    const badgeColumns = column.columns([
      column.display({
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <Group wrap="nowrap">
            <Badge>{row.original.status}</Badge>
            <Button>Delete</Button>
          </Group>
        ),
      }),
    ]);
    renderWithTheme(
      <ListTable
        label="Items"
        query={loaded()}
        features={features}
        columns={badgeColumns}
        data={items(1, 1)}
        getRowId={(row) => row.id}
        total={1}
        page={1}
        pageSize={PAGE_SIZE}
        onPageChange={() => {}}
        errorFallback="Failed to load items."
      />,
    );
    const table = within(screen.getByRole('table', { name: 'Items' }));
    const badge = table.getByText('active').closest('.mantine-Badge-root');
    const button = table.getByRole('button', { name: 'Delete' });
    for (const element of [badge, button]) {
      expect(element).toHaveStyle({ flexShrink: '0', overflow: 'visible' });
    }
    expect(table.getByText('active')).toHaveStyle({ textOverflow: 'clip', whiteSpace: 'nowrap' });
    style.remove();
  });
});
