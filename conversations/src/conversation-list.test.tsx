import { MantineProvider } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { conversationSummary, makeConversation, makeMessage } from './conversation-fixtures';
import { ConversationList, type ConversationListTexts } from './conversation-list';

// Texts as a translated screen gives them: none is built in.
const texts: ConversationListTexts = {
  list: 'Conversaciones',
  loading: 'Cargando mensajes',
  empty: 'Aún no hay mensajes.',
  unread: (count) => `${count} sin leer`,
  previousPage: 'Página anterior',
  nextPage: 'Página siguiente',
};

const conversation = (_id: string, subject: string, storeName: string, unread: number, body: string) =>
  conversationSummary(
    makeConversation({
      _id,
      kind: 'staff',
      subject,
      store: { _id: `store-${_id}`, name: storeName },
      customer: null,
      product: null,
      unread,
      createdAt: '2026-11-22T08:00:00.000Z',
      messages: [makeMessage(`${_id}-m`, 'vendor', body, storeName)],
    }),
  );

const conversations = [
  conversation('c-1', 'Green tea', 'Sylhet Tea House', 3, 'Is it organic?'),
  conversation('c-2', 'Photos', 'Dhaka Crafts', 0, 'Here they are.'),
];

const itemText = ({ subject, store, lastMessage }: Schemas['Conversation']) => ({
  title: subject,
  about: store.name,
  lastMessage: lastMessage ? `Last: ${lastMessage.preview}` : null,
});

function renderList(props: Partial<ComponentProps<typeof ConversationList>> = {}) {
  const handlers = { onSelect: vi.fn(), onPageChange: vi.fn() };
  render(
    <MantineProvider>
      <ConversationList
        conversations={conversations}
        loading={false}
        selectedId={undefined}
        page={1}
        pages={1}
        itemText={itemText}
        texts={texts}
        {...handlers}
        {...props}
      />
    </MantineProvider>,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('ConversationList', () => {
  it('lists each conversation as a button: its texts, unread badge and date; choosing one reports it', async () => {
    const { onSelect, user } = renderList({ selectedId: 'c-2' });
    const items = within(screen.getByRole('list', { name: 'Conversaciones' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Green tea3 sin leerSylhet Tea HouseLast: Is it organic?${formatDate('2026-11-22T09:00:00.000Z')}`,
      `PhotosDhaka CraftsLast: Here they are.${formatDate('2026-11-22T09:00:00.000Z')}`,
    ]);

    expect(screen.getByRole('button', { name: /Photos/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Green tea/ })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('button', { name: /Green tea/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('c-1');
  });

  it('names its section by the heading when it has one', () => {
    renderList({ heading: 'Conversaciones (2)' });
    expect(screen.getByRole('region', { name: 'Conversaciones (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Conversaciones (2)' })).toBeInTheDocument();
  });

  it('pages with arrows named by its texts, only when there is more than one page', async () => {
    const { onPageChange, user } = renderList({ page: 2, pages: 3 });
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('has no page arrows for a single page', () => {
    renderList();
    expect(screen.queryByRole('button', { name: 'Página siguiente' })).not.toBeInTheDocument();
  });

  it('shows a named placeholder while loading', () => {
    renderList({ conversations: [], loading: true });
    expect(screen.getByLabelText('Cargando mensajes')).toBeInTheDocument();
    expect(screen.queryByText('Aún no hay mensajes.')).not.toBeInTheDocument();
  });

  it('says so when there are none', () => {
    renderList({ conversations: [] });
    expect(screen.getByText('Aún no hay mensajes.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('without an empty text, an empty list stays a list', () => {
    renderList({ conversations: [], texts: { ...texts, empty: undefined } });
    expect(screen.getByRole('list', { name: 'Conversaciones' })).toBeEmptyDOMElement();
  });
});
