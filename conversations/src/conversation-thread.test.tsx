import { MantineProvider } from '@mantine/core';
import { formatDateTime } from '@shop/ui/format';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMessage } from './conversation-fixtures';
import { ConversationThread } from './conversation-thread';

const messages = [
  makeMessage('m1', 'customer', 'Is the wallet\nreal leather?', 'Nusrat Jahan'),
  makeMessage('m2', 'vendor', 'Yes, full-grain.', 'Dhaka Crafts', '2026-11-22T10:30:00.000Z'),
  makeMessage('m3', 'staff', 'Thanks for answering.', 'Amina Rahman'),
];

describe('ConversationThread', () => {
  it('is an article named by its heading, with the messages oldest first in a named list, then the reply', () => {
    render(
      <MantineProvider>
        <ConversationThread
          title="Nusrat Jahan"
          subtitle="About Leather Wallet"
          messages={messages}
          listLabel="Message thread"
          me="vendor"
          senderLabel={(message) => (message.sender === 'vendor' ? 'You' : message.senderName)}
        >
          <button type="button">Send Reply</button>
        </ConversationThread>
      </MantineProvider>,
    );
    const thread = within(screen.getByRole('article', { name: 'Nusrat Jahan' }));
    expect(thread.getByRole('heading', { level: 2, name: 'Nusrat Jahan' })).toBeInTheDocument();
    expect(thread.getByText('About Leather Wallet')).toBeInTheDocument();
    const lines = within(thread.getByRole('list', { name: 'Message thread' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      `Nusrat JahanIs the wallet\nreal leather?${formatDateTime(messages[0]?.createdAt ?? '')}`,
      `YouYes, full-grain.${formatDateTime('2026-11-22T10:30:00.000Z')}`,
      expect.stringContaining('Amina RahmanThanks for answering.'),
    ]);
    // The reader's own messages stand on the right.
    expect(lines.map((line) => line.style.justifyContent)).toEqual(['flex-start', 'flex-end', 'flex-start']);
    expect(thread.getByRole('button', { name: 'Send Reply' })).toBeInTheDocument();
  });

  it('shows the senders’ names by default, a linked subtitle as given, and the times in the reader’s locale', () => {
    render(
      <MantineProvider>
        <ConversationThread
          title="Dhaka Craft House"
          subtitle={<a href="/products/shirt">Acerca de Camiseta</a>}
          headingOrder={3}
          messages={messages.slice(0, 1)}
          listLabel="Mensajes de esta conversación"
          me="customer"
          locale="es-ES"
        >
          {null}
        </ConversationThread>
      </MantineProvider>,
    );
    const thread = within(screen.getByRole('article', { name: 'Dhaka Craft House' }));
    expect(thread.getByRole('heading', { level: 3 })).toHaveTextContent('Dhaka Craft House');
    expect(thread.getByRole('link', { name: 'Acerca de Camiseta' })).toHaveAttribute(
      'href',
      '/products/shirt',
    );
    const [line] = within(thread.getByRole('list', { name: 'Mensajes de esta conversación' })).getAllByRole(
      'listitem',
    );
    expect(line).toHaveTextContent('Nusrat Jahan');
    expect(line).toHaveTextContent(formatDateTime(messages[0]?.createdAt ?? '', 'es-ES'));
    expect(line?.style.justifyContent).toBe('flex-end');
  });
});
