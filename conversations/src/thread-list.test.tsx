import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThreadList, type ThreadListFailure } from './thread-list';

const texts = {
  list: 'Disputes',
  loading: 'Loading disputes',
  empty: 'No disputes found',
  previousPage: 'previous page',
  nextPage: 'next page',
};

function renderList(threads: { _id: string; subject: string }[], failure: ThreadListFailure | null) {
  render(
    <MantineProvider>
      <ThreadList
        threads={threads}
        loading={false}
        selectedId={undefined}
        onSelect={() => {}}
        page={1}
        pages={1}
        onPageChange={() => {}}
        renderThread={(thread) => thread.subject}
        texts={texts}
        failure={failure}
      />
    </MantineProvider>,
  );
}

describe('ThreadList', () => {
  it('says why an unread list is empty, never that there are none, and asks again on Retry', async () => {
    const onRetry = vi.fn();
    renderList([], { text: 'The disputes could not be loaded.', retry: 'Retry', retrying: false, onRetry });
    expect(screen.getByText('The disputes could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('No disputes found')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the threads already shown when a later read fails', () => {
    renderList([{ _id: 'd-1', subject: 'Broken lid' }], {
      text: 'The disputes could not be loaded.',
      retry: 'Retry',
      retrying: false,
      onRetry: () => {},
    });
    expect(screen.getByRole('button', { name: 'Broken lid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
