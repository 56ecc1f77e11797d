import { conversationPage, makeConversation, makeMessage } from '@shop/conversations/conversation-fixtures';
import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { jsonResponse, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

type ConversationDetail = Schemas['ConversationDetail'];

const LIST = 'GET /vendor-conversations';
const STORES = 'GET /vendor-applications';

const message = (
  _id: string,
  sender: Schemas['ConversationSender'],
  body: string,
  senderName = sender === 'staff' ? 'Store Admin' : 'Dhaka Crafts',
) => makeMessage(_id, sender, body, senderName);

function conversation(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return makeConversation({
    _id: 'c-1',
    kind: 'staff',
    subject: 'Payout date',
    store: { _id: 'store-1', name: 'Dhaka Crafts' },
    customer: null,
    product: null,
    unread: 0,
    createdAt: '2026-11-22T08:00:00.000Z',
    messages: [message('m1', 'vendor', 'When is the November payout?')],
    ...overrides,
  });
}

const listAnswer = (items: ConversationDetail[], unread: number, total?: number) =>
  jsonResponse(200, conversationPage(items, unread, total));

const detailAnswer = (item: ConversationDetail) => jsonResponse(200, { success: true, data: item });

function vendorStore(_id: string, name: string, email: string): Schemas['VendorProfile'] {
  return {
    _id,
    name,
    email,
    phone: null,
    address: null,
    description: null,
    logoUrl: null,
    status: 'active',
    reviewNote: null,
    createdAt: '2026-11-01T08:00:00.000Z',
  };
}

const storesAnswer = () =>
  jsonResponse(200, {
    success: true,
    data: [
      vendorStore('store-1', 'Dhaka Crafts', 'owner@dhakacrafts.example.com'),
      vendorStore('store-2', 'Sylhet Tea House', 'hello@sylhettea.example.com'),
    ],
    meta: { page: 1, limit: 20, total: 2 },
    counts: { pending: 0, active: 2, rejected: 0, suspended: 0 },
  });

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A staff token of a Manager holding just these permissions. */
function managerToken(permissions: string[]) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'staff-9',
    aud: 'shop:staff',
    email: 'mona@example.com',
    name: 'Mona Manager',
    role: 'Manager',
    permissions,
    tv: 1,
    iat: now,
    exp: now + 3600,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

const nav = () => screen.getByRole('navigation', { name: 'Admin navigation' });

/** Picks an option of one Mantine Select (its list is a portal; two pickers may be on screen). */
async function choose(user: ReturnType<typeof renderApp>['user'], combobox: HTMLElement, name: RegExp) {
  await user.click(combobox);
  const listbox = await waitFor(() => {
    const found = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('The options are not open');
    return found;
  });
  await user.click(await within(listbox).findByRole('option', { name, hidden: true }));
}

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('Vendor Messages', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('is in the navigation for staff with the admins permission only', async () => {
    adminSession.login(managerToken(['dashboard', 'admins']));
    stubApi({ [LIST]: () => listAnswer([], 0), [STORES]: storesAnswer });
    const { user } = renderApp('/manage-admin/vendor-messages');
    expect(await screen.findByRole('heading', { name: 'Vendor Messages' })).toBeInTheDocument();
    await user.click(within(nav()).getByRole('button', { name: 'Analytics & System' }));
    expect(within(nav()).getByRole('link', { name: 'Vendor Messages' })).toHaveAttribute(
      'href',
      '/manage-admin/vendor-messages',
    );
  });

  it('is hidden from and refused to staff without it', async () => {
    adminSession.login(managerToken(['dashboard', 'products']));
    stubApi({});
    const { user } = renderApp('/manage-admin/vendor-messages');
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    await user.click(within(nav()).getByRole('button', { name: 'Analytics & System' }));
    expect(within(nav()).queryByRole('link', { name: 'Vendor Messages' })).not.toBeInTheDocument();
  });

  it('lists the conversations with unread counts, and opening one marks it read', async () => {
    let opened = false;
    const api = stubApi({
      [LIST]: () =>
        opened
          ? listAnswer([conversation(), conversation({ _id: 'c-2', subject: 'Photos' })], 0)
          : listAnswer(
              [
                conversation({ unread: 2 }),
                conversation({
                  _id: 'c-2',
                  subject: 'Photos',
                  store: { _id: 'store-2', name: 'Sylhet Tea House' },
                  messages: [message('m5', 'staff', 'Please add photos.')],
                }),
              ],
              2,
            ),
      'GET /vendor-conversations/c-1': () => {
        opened = true;
        return detailAnswer(
          conversation({
            messages: [
              message('m1', 'vendor', 'When is the November payout?'),
              message('m2', 'staff', 'On the 5th.', 'Amina Rahman'),
            ],
          }),
        );
      },
      [STORES]: storesAnswer,
    });
    const { user } = renderApp('/manage-admin/vendor-messages');

    expect(await screen.findByRole('heading', { name: 'Conversations (2)' })).toBeInTheDocument();
    expect(screen.getByText('2 unread messages')).toBeInTheDocument();
    const [first, second] = within(screen.getByRole('list', { name: 'Conversations' }))
      .getAllByRole('listitem')
      .map((item) => within(item));
    expect(first?.getByText('Payout date')).toBeInTheDocument();
    expect(first?.getByText('Dhaka Crafts')).toBeInTheDocument();
    expect(first?.getByText('2 unread')).toBeInTheDocument();
    expect(second?.getByText('Store Admin: Please add photos.')).toBeInTheDocument();
    expect(screen.getByText('Select a conversation to view it')).toBeInTheDocument();
    expect(Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      limit: '20',
    });

    await user.click(screen.getByRole('button', { name: /Payout date/ }));
    const thread = within(await screen.findByRole('article', { name: 'Payout date' }));
    expect(thread.getByText('With Dhaka Crafts')).toBeInTheDocument();
    const lines = within(thread.getByRole('list', { name: 'Message thread' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Dhaka CraftsWhen is the November payout?'),
      expect.stringContaining('Amina RahmanOn the 5th.'),
    ]);
    await waitFor(() => expect(screen.queryByText('2 unread messages')).not.toBeInTheDocument());
    expect(screen.queryByText('2 unread')).not.toBeInTheDocument();
  });

  it('filters by store, keeping it in the URL', async () => {
    const api = stubApi({ [LIST]: () => listAnswer([conversation()], 0), [STORES]: storesAnswer });
    const { user, router } = renderApp('/manage-admin/vendor-messages');
    await screen.findByRole('heading', { name: 'Conversations (1)' });

    await choose(user, screen.getByRole('combobox', { name: 'Store' }), /Sylhet Tea House/);
    await waitFor(() => expect(router.state.location.search).toEqual({ store: 'store-2' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.sentTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '1',
        limit: '20',
        store: 'store-2',
      }),
    );
    expect(Object.fromEntries(api.sentTo(STORES)[0]?.url.searchParams ?? [])).toMatchObject({
      status: 'active',
    });
  });

  it('replies: Send Reply is disabled while blank, and the reply shows in the thread', async () => {
    const replied = conversation({
      messages: [
        message('m1', 'vendor', 'When is the November payout?'),
        message('m2', 'staff', 'On the 5th.'),
      ],
    });
    const api = stubApi({
      [LIST]: () => listAnswer([conversation()], 0),
      'GET /vendor-conversations/c-1': () => detailAnswer(conversation()),
      'POST /vendor-conversations/c-1/messages': () =>
        jsonResponse(200, { success: true, message: 'Message sent.', data: replied }),
      [STORES]: storesAnswer,
    });
    const { user } = renderApp('/manage-admin/vendor-messages?id=c-1');
    const thread = within(await screen.findByRole('article', { name: 'Payout date' }));
    const box = thread.getByRole('textbox', { name: 'Reply' });
    const send = thread.getByRole('button', { name: 'Send Reply' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, 'On the 5th.{Enter}');

    expect(await thread.findByText('On the 5th.')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.sentTo('POST /vendor-conversations/c-1/messages')[0]?.body).toEqual({
      message: 'On the 5th.',
    });
  });

  it('shows why a reply was refused and keeps the text', async () => {
    stubApi({
      [LIST]: () => listAnswer([conversation()], 0),
      'GET /vendor-conversations/c-1': () => detailAnswer(conversation()),
      'POST /vendor-conversations/c-1/messages': () =>
        jsonResponse(400, {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Please write a message.',
          errors: [{ path: '/message', message: 'Please write a message.' }],
        }),
      [STORES]: storesAnswer,
    });
    const { user } = renderApp('/manage-admin/vendor-messages?id=c-1');
    const thread = within(await screen.findByRole('article', { name: 'Payout date' }));
    await user.type(thread.getByRole('textbox', { name: 'Reply' }), 'Hello');
    await user.click(thread.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write a message.');
    expect(thread.getByRole('textbox', { name: 'Reply' })).toHaveValue('Hello');
  });

  it('starts a conversation with a chosen vendor store, and opens it', async () => {
    const started = conversation({
      _id: 'c-new',
      subject: 'Holiday hours',
      store: { _id: 'store-2', name: 'Sylhet Tea House' },
      messages: [message('n1', 'staff', 'Will you ship during Eid?')],
    });
    const api = stubApi({
      [LIST]: () => listAnswer([], 0),
      [STORES]: storesAnswer,
      'POST /vendor-conversations': () =>
        jsonResponse(201, { success: true, message: 'Message sent.', data: started }),
      'GET /vendor-conversations/c-new': () => detailAnswer(started),
    });
    const { user, router } = renderApp('/manage-admin/vendor-messages');
    await user.click(await screen.findByRole('button', { name: 'New Conversation' }));
    const form = within(await screen.findByRole('form', { name: 'New Conversation' }));

    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByText('Choose a store')).toBeInTheDocument();
    expect(form.getByText('Subject is required')).toBeInTheDocument();
    expect(form.getByText('Message is required')).toBeInTheDocument();
    expect(api.sentTo('POST /vendor-conversations')).toEqual([]);

    await choose(user, form.getByRole('combobox', { name: 'Store' }), /Sylhet Tea House/);
    await user.type(form.getByRole('textbox', { name: /Subject/ }), ' Holiday hours ');
    await user.type(form.getByRole('textbox', { name: /Message/ }), 'Will you ship during Eid?');
    await user.click(form.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(router.state.location.search).toEqual({ id: 'c-new' }));
    expect(api.sentTo('POST /vendor-conversations')[0]?.body).toEqual({
      storeId: 'store-2',
      subject: 'Holiday hours',
      message: 'Will you ship during Eid?',
    });
    expect(await screen.findByRole('article', { name: 'Holiday hours' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New Conversation' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a new conversation', async () => {
    stubApi({
      [LIST]: () => listAnswer([], 0),
      [STORES]: storesAnswer,
      'POST /vendor-conversations': () =>
        jsonResponse(409, {
          success: false,
          code: 'CONFLICT',
          message: 'This store is not active, so it cannot receive messages.',
        }),
    });
    const { user } = renderApp('/manage-admin/vendor-messages');
    await user.click(await screen.findByRole('button', { name: 'New Conversation' }));
    const form = within(await screen.findByRole('form', { name: 'New Conversation' }));
    await choose(user, form.getByRole('combobox', { name: 'Store' }), /Dhaka Crafts/);
    await user.type(form.getByRole('textbox', { name: /Subject/ }), 'Hello');
    await user.type(form.getByRole('textbox', { name: /Message/ }), 'Hello there');
    await user.click(form.getByRole('button', { name: 'Send' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'This store is not active, so it cannot receive messages.',
    );
  });
});
