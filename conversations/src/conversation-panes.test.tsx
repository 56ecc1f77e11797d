import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { ConversationPanes } from './conversation-panes';

const texts = { loading: 'Loading the conversation', select: 'Select a conversation to read it' };

function renderPanes(props: Partial<ComponentProps<typeof ConversationPanes>> = {}) {
  render(
    <MantineProvider>
      <ConversationPanes
        list={<ul aria-label="Conversations" />}
        thread={null}
        loading={false}
        texts={texts}
        {...props}
      />
    </MantineProvider>,
  );
}

describe('ConversationPanes', () => {
  it('asks to choose a conversation while none is chosen', () => {
    renderPanes();
    expect(screen.getByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.getByText('Select a conversation to read it')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('holds a named place while the chosen one loads', () => {
    renderPanes({ loading: true });
    expect(screen.getByLabelText('Loading the conversation')).toBeInTheDocument();
    expect(screen.queryByText('Select a conversation to read it')).not.toBeInTheDocument();
  });

  it('shows the conversation once there is one', () => {
    renderPanes({ loading: true, thread: <article aria-label="Payout date" /> });
    expect(screen.getByRole('article', { name: 'Payout date' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the conversation')).not.toBeInTheDocument();
  });

  it('lists what went wrong in one red box', () => {
    renderPanes({ errors: ['Failed to load conversations', 'Failed to send message'] });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load conversations');
    expect(alert).toHaveTextContent('Failed to send message');
  });
});
