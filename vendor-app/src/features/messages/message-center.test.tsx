import { conversationPage, makeConversation, makeMessage } from '@shop/conversations/conversation-fixtures';
import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../test/fixtures';
import { fetchStub, jsonResponse, type RouteHandler, routeStub } from '../../test/network';
import { renderApp } from '../../test/render-app';

type ConversationDetail = Schemas['ConversationDetail'];
type Unread = Schemas['VendorUnreadCounts'];

const message = (
  _id: string,
  sender: Schemas['ConversationSender'],
  body: string,
  senderName = sender === 'vendor' ? 'Dhaka Crafts' : sender === 'staff' ? 'Amina Rahman' : 'Nusrat Jahan',
) => makeMessage(_id, sender, body, senderName);

function conversation(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return makeConversation({
    _id: 'c-shopper',
    kind: 'shopper',
    subject: 'Leather Wallet',
    store: { _id: 'store-1', name: 'Dhaka Crafts' },
    customer: { _id: 'u-1', name: 'Nusrat Jahan' },
    product: { _id: 'p-1', title: 'Leather Wallet', image: null },
    unread: 0,
    createdAt: '2026-11-22T08:00:00.000Z',
    messages: [message('m1', 'customer', 'Is the wallet real leather?')],
    ...overrides,
  });
}

const staffConversation = (overrides: Partial<ConversationDetail> = {}) =>
  conversation({
    _id: 'c-staff',
    kind: 'staff',
    subject: 'Product photos',
    customer: null,
    product: null,
    messages: [message('s1', 'staff', 'Please add photos on a plain background.')],
    ...overrides,
  });

const listAnswer = (items: ConversationDetail[], unread: Unread, total?: number) =>
  jsonResponse(200, conversationPage(items, unread, total));

const detailAnswer = (item: ConversationDetail) => jsonResponse(200, { success: true, data: item });

const NO_UNREAD: Unread = { total: 0, shoppers: 0, staff: 0 };

function openMessageCenter(routes: Record<string, RouteHandler>, path = '/manage-vandor/messages') {
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    ...routes,
  });
  const user = userEvent.setup();
  return { user, ...renderApp(path, { signedIn: true }) };
}

/** The requests sent to `METHOD /path`, with their query and body. */
async function sent(method: string, path: string) {
  const found = [];
  for (const [input, init] of fetchStub.mock.calls) {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method === method && url.pathname === `/api${path}`) {
      const text = await request.text();
      found.push({ query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : undefined });
    }
  }
  return found;
}

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('Message Center', { timeout: 20_000 }, () => {
  it('lists the shoppers’ conversations with unread counts per conversation and per tab', async () => {
    openMessageCenter({
      'GET /vendor/conversations': () =>
        listAnswer(
          [
            conversation({ unread: 2 }),
            conversation({
              _id: 'c-2',
              customer: { _id: 'u-2', name: 'Rafiq Islam' },
              product: { _id: 'p-2', title: 'Jute Bag', image: null },
              messages: [message('m9', 'vendor', 'It ships tomorrow.')],
            }),
          ],
          { total: 3, shoppers: 2, staff: 1 },
        ),
    });

    expect(await screen.findByRole('heading', { name: 'Message Center' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
    const [first, second] = items.map((item) => within(item));
    expect(first?.getByText('Nusrat Jahan')).toBeInTheDocument();
    expect(first?.getByText('Leather Wallet')).toBeInTheDocument();
    expect(first?.getByText('2 unread')).toBeInTheDocument();
    expect(first?.getByText('Is the wallet real leather?')).toBeInTheDocument();
    expect(second?.getByText('You: It ships tomorrow.')).toBeInTheDocument();
    expect(second?.queryByText(/unread/)).not.toBeInTheDocument();

    expect(screen.getByRole('tab', { name: /Shoppers/ })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(screen.getByRole('tab', { name: /Shoppers/ })).getByLabelText('2 unread'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('tab', { name: /Staff/ })).getByLabelText('1 unread')).toBeInTheDocument();
    expect(screen.getByText('Select a conversation to read it')).toBeInTheDocument();
    expect((await sent('GET', '/vendor/conversations'))[0]?.query).toEqual({
      with: 'shoppers',
      page: '1',
      limit: '20',
    });
  });

  it('switches to the Staff tab, keeping it in the URL', async () => {
    const { user, router } = openMessageCenter({
      'GET /vendor/conversations': (request) =>
        new URL(request.url).searchParams.get('with') === 'staff'
          ? listAnswer([staffConversation({ unread: 1 })], { total: 1, shoppers: 0, staff: 1 })
          : listAnswer([], { total: 1, shoppers: 0, staff: 1 }),
    });
    expect(await screen.findByText('No questions from shoppers yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Staff/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ with: 'staff' }));
    const list = within(await screen.findByRole('list', { name: 'Conversations' }));
    expect(list.getByText('Store staff')).toBeInTheDocument();
    expect(list.getByText('Product photos')).toBeInTheDocument();
  });

  it('opens a conversation, which marks it read: the counts follow', async () => {
    let opened = false;
    const { user } = openMessageCenter({
      'GET /vendor/conversations': () =>
        opened
          ? listAnswer([conversation()], NO_UNREAD)
          : listAnswer([conversation({ unread: 1 })], { total: 1, shoppers: 1, staff: 0 }),
      'GET /vendor/conversations/c-shopper': () => {
        opened = true;
        return detailAnswer(
          conversation({
            messages: [
              message('m1', 'customer', 'Is the wallet real leather?'),
              message('m2', 'vendor', 'Yes, full-grain.'),
            ],
          }),
        );
      },
    });
    await user.click(await screen.findByRole('button', { name: /Nusrat Jahan/ }));
    const thread = within(await screen.findByRole('article', { name: 'Nusrat Jahan' }));
    expect(thread.getByText('About Leather Wallet')).toBeInTheDocument();
    const lines = within(thread.getByRole('list', { name: 'Message thread' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Nusrat JahanIs the wallet real leather?'),
      expect.stringContaining('YouYes, full-grain.'),
    ]);
    await waitFor(() => expect(screen.queryByText('1 unread')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('1 unread')).not.toBeInTheDocument();
  });

  it('replies: Send Reply is disabled while blank, Enter sends, and the thread shows the reply', async () => {
    const replied = conversation({
      messages: [
        message('m1', 'customer', 'Is the wallet real leather?'),
        message('m2', 'vendor', 'Yes, full-grain.'),
      ],
    });
    const { user } = openMessageCenter(
      {
        'GET /vendor/conversations': () => listAnswer([conversation()], NO_UNREAD),
        'GET /vendor/conversations/c-shopper': () => detailAnswer(conversation()),
        'POST /vendor/conversations/c-shopper/messages': () =>
          jsonResponse(200, { success: true, message: 'Message sent.', data: replied }),
      },
      '/manage-vandor/messages?id=c-shopper',
    );
    const thread = within(await screen.findByRole('article', { name: 'Nusrat Jahan' }));
    const box = thread.getByRole('textbox', { name: 'Reply' });
    expect(thread.getByRole('button', { name: 'Send Reply' })).toBeDisabled();
    await user.type(box, '   ');
    expect(thread.getByRole('button', { name: 'Send Reply' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, ' Yes, full-grain. {Enter}');

    expect(await thread.findByText('Yes, full-grain.')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    expect((await sent('POST', '/vendor/conversations/c-shopper/messages'))[0]?.body).toEqual({
      message: 'Yes, full-grain.',
    });
  });

  it('shows why a reply was refused and keeps the text', async () => {
    const { user } = openMessageCenter(
      {
        'GET /vendor/conversations': () => listAnswer([conversation()], NO_UNREAD),
        'GET /vendor/conversations/c-shopper': () => detailAnswer(conversation()),
        'POST /vendor/conversations/c-shopper/messages': () =>
          jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'Conversation not found.' }),
      },
      '/manage-vandor/messages?id=c-shopper',
    );
    const thread = within(await screen.findByRole('article', { name: 'Nusrat Jahan' }));
    await user.type(thread.getByRole('textbox', { name: 'Reply' }), 'Hello?');
    await user.click(thread.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conversation not found.');
    expect(thread.getByRole('textbox', { name: 'Reply' })).toHaveValue('Hello?');
  });

  it('messages staff: both fields are required, then the new conversation opens on the Staff tab', async () => {
    const started = staffConversation({
      _id: 'c-new',
      subject: 'Payout date',
      messages: [message('n1', 'vendor', 'When is the November payout?')],
    });
    const { user, router } = openMessageCenter({
      'GET /vendor/conversations': (request) =>
        new URL(request.url).searchParams.get('with') === 'staff'
          ? listAnswer([started], NO_UNREAD)
          : listAnswer([], NO_UNREAD),
      'POST /vendor/conversations': () =>
        jsonResponse(201, { success: true, message: 'Message sent.', data: started }),
      'GET /vendor/conversations/c-new': () => detailAnswer(started),
    });
    await user.click(await screen.findByRole('button', { name: 'Message staff' }));
    const form = within(await screen.findByRole('form', { name: 'Message staff' }));
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Subject is required')).toBeInTheDocument();
    expect(form.getByText('Message is required')).toBeInTheDocument();
    expect(await sent('POST', '/vendor/conversations')).toEqual([]);

    await user.type(form.getByRole('textbox', { name: /Subject/ }), '  Payout date ');
    await user.type(form.getByRole('textbox', { name: /Message/ }), 'When is the November payout?');
    await user.click(form.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(router.state.location.search).toEqual({ with: 'staff', id: 'c-new' }));
    expect((await sent('POST', '/vendor/conversations'))[0]?.body).toEqual({
      subject: 'Payout date',
      message: 'When is the November payout?',
    });
    const thread = within(await screen.findByRole('article', { name: 'Payout date' }));
    expect(thread.getByText('With the store’s staff')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Message staff' })).not.toBeInTheDocument();
  });

  it('puts the server’s field errors beside the fields', async () => {
    const { user } = openMessageCenter({
      'GET /vendor/conversations': () => listAnswer([], NO_UNREAD),
      'POST /vendor/conversations': () =>
        jsonResponse(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'A subject can be at most 200 characters.',
          errors: [{ path: '/subject', message: 'A subject can be at most 200 characters.' }],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Message staff' }));
    const form = within(await screen.findByRole('form', { name: 'Message staff' }));
    await user.type(form.getByRole('textbox', { name: /Subject/ }), 'Payout');
    await user.type(form.getByRole('textbox', { name: /Message/ }), 'When?');
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findAllByText('A subject can be at most 200 characters.')).toHaveLength(2);
  });
});
