import { MantineProvider } from '@mantine/core';
import {
  createColumnHelper,
  type PaginationState,
  rowPaginationFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { theme } from './theme';

type Item = { id: string; name: string };

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Item>();
const columns = column.columns([column.accessor('name', { header: 'Name' })]);

const allItems: Item[] = Array.from({ length: 23 }, (_, i) => ({ id: `p${i + 1}`, name: `Item ${i + 1}` }));

/** Plays the caller's part: keeps page state and serves one page of rows, as a server would. */
function PagedItems({ onChange }: { onChange?: (pagination: PaginationState) => void }) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const start = pagination.pageIndex * pagination.pageSize;
  return (
    <DataTable
      features={features}
      columns={columns}
      data={allItems.slice(start, start + pagination.pageSize)}
      rowCount={allItems.length}
      pagination={pagination}
      onPaginationChange={(next) => {
        onChange?.(next);
        setPagination(next);
      }}
      getRowId={(row) => row.id}
      label="Items"
    />
  );
}

const renderWithTheme = (ui: React.ReactNode) =>
  render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('DataTable', () => {
  it('shows the range of the current page and moves between pages', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithTheme(<PagedItems onChange={onChange} />);

    expect(screen.getByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Item 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10 });
    expect(screen.getByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Item 11' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 21 to 23 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 3);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
  });

  it('says "10000+" when the server counted only part of the matches, and pages through what it counted', () => {
    renderWithTheme(
      <DataTable
        features={features}
        columns={columns}
        data={allItems.slice(0, 10)}
        rowCount={10_000}
        rowCountCapped
        pagination={{ pageIndex: 0, pageSize: 10 }}
        onPaginationChange={() => {}}
      />,
    );
    expect(screen.getByText('Showing 1 to 10 of 10000+ results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1000' })).toBeInTheDocument();
  });

  it('shows the empty state slot when there are no rows', () => {
    renderWithTheme(
      <DataTable
        features={features}
        columns={columns}
        data={[]}
        rowCount={0}
        pagination={{ pageIndex: 0, pageSize: 10 }}
        onPaginationChange={() => {}}
        emptyState={<p>No products found</p>}
      />,
    );
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the loading text instead of rows while loading', () => {
    renderWithTheme(
      <DataTable
        features={features}
        columns={columns}
        data={allItems.slice(0, 10)}
        rowCount={23}
        pagination={{ pageIndex: 0, pageSize: 10 }}
        onPaginationChange={() => {}}
        loading
        loadingText="Loading products..."
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...');
    expect(screen.queryByRole('cell', { name: 'Item 1' })).not.toBeInTheDocument();
  });
});
