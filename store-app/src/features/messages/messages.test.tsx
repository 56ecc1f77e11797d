import { conversationPage, makeConversation, makeMessage } from '@shop/conversations/conversation-fixtures';
import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../lib/session';
import { apiError, demoProfile, json, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { customerToken } from '../../test/tokens';
import {
  deliveryAnswer,
  listPage,
  productAnswer,
  reviewsAnswer,
  shirt,
} from '../catalogue/testing/catalogue-fixtures';

type Routes = Parameters<typeof stubApi>[0];
type ConversationDetail = Schemas['ConversationDetail'];

const store = {
  _id: 's1',
  name: 'Dhaka Craft House',
  logo: null,
  description: null,
  country: 'BD',
  productCount: 4,
  followers: 2,
  createdAt: '2026-10-01T00:00:00.000Z',
};

const message = (_id: string, sender: Schemas['ConversationSender'], body: string, createdAt: string) =>
  makeMessage(_id, sender, body, sender === 'customer' ? 'Demo Shopper' : 'Dhaka Craft House', createdAt);

function conversation(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return makeConversation({
    _id: 'c1',
    kind: 'shopper',
    subject: 'Cotton T-Shirt',
    store: { _id: 's1', name: 'Dhaka Craft House' },
    customer: { _id: 'user-1', name: 'Demo Shopper' },
    product: { _id: 'shirt', title: 'Cotton T-Shirt', image: null },
    unread: 0,
    createdAt: '2026-11-22T08:00:00.000Z',
    messages: [
      message('m1', 'customer', 'Is it pre-shrunk?', '2026-11-22T08:00:00.000Z'),
      message('m2', 'vendor', 'Yes, it is washed before sewing.', '2026-11-22T09:00:00.000Z'),
    ],
    ...overrides,
  });
}

const listAnswer = (items: ConversationDetail[], unread: number) =>
  json(200, conversationPage(items, unread));

const callsTo = (requests: Request[], method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === `/api${path}`);

/** A vendor's product page and every call it makes. */
function openProductPage(
  routes: Routes = {},
  product = shirt({ source: 'vendor', storeId: 's1' }),
  signedIn = false,
) {
  if (signedIn) customerSession.signIn(customerToken());
  const stub = stubApi({
    'GET /product/shirt': () => productAnswer(product),
    'POST /logistic': () => deliveryAnswer([]),
    'GET /reviews/product/shirt': () => reviewsAnswer([]),
    'GET /product/': () => listPage([]),
    'GET /stores/s1': () => json(200, { success: true, data: store }),
    'GET /followed-stores/': () => json(200, { success: true, data: [] }),
    'GET /wishlist/': () => json(200, { success: true, data: [] }),
    ...routes,
  });
  return { ...stub, ...renderApp('/products/shirt') };
}

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('Ask the seller on the product page', { timeout: 20_000 }, () => {
  it('is offered for a vendor’s product only', async () => {
    openProductPage({}, shirt({ source: 'aliexpress', storeId: null }));
    expect(await screen.findByRole('heading', { name: 'Cotton T-Shirt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask the seller' })).not.toBeInTheDocument();
  });

  it('sends a guest to sign in, to come back to the product', async () => {
    const { router } = openProductPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask the seller' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/products/shirt' });
  });

  it('sends the trimmed question, then confirms it with a link to the Messages page', async () => {
    const user = userEvent.setup();
    const { requests } = openProductPage(
      {
        'POST /products/shirt/questions': () =>
          json(201, {
            success: true,
            message: 'Your question was sent to the seller.',
            data: conversation({
              _id: 'c9',
              messages: [message('m1', 'customer', 'Is it pre-shrunk?', '2026-11-22T08:00:00.000Z')],
            }),
          }),
      },
      undefined,
      true,
    );
    await user.click(await screen.findByRole('button', { name: 'Ask the seller' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Ask the seller' }));
    const send = dialog.getByRole('button', { name: 'Send Question' });
    expect(send).toBeDisabled();
    await user.type(dialog.getByLabelText('Your question'), '   ');
    expect(send).toBeDisabled();
    await user.type(dialog.getByLabelText('Your question'), 'Is it pre-shrunk?  ');
    await user.click(send);

    expect(await dialog.findByText('Your question was sent to the seller.')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Go to Messages' })).toHaveAttribute(
      'href',
      '/profile/messages?conversation=c9',
    );
    const [sent] = callsTo(requests, 'POST', '/products/shirt/questions');
    expect(await sent?.json()).toEqual({ message: 'Is it pre-shrunk?' });
  });

  it('shows the server’s reason when the question is refused, keeping the text', async () => {
    const user = userEvent.setup();
    openProductPage(
      {
        'POST /products/shirt/questions': () =>
          apiError(
            409,
            'CONFLICT',
            'This product is sold by the store itself, not by a vendor, so there is no seller to ask.',
          ),
      },
      undefined,
      true,
    );
    await user.click(await screen.findByRole('button', { name: 'Ask the seller' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask the seller' }));
    await user.type(dialog.getByLabelText('Your question'), 'Hello?');
    await user.click(dialog.getByRole('button', { name: 'Send Question' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This product is sold by the store itself, not by a vendor, so there is no seller to ask.',
    );
    expect(dialog.getByLabelText('Your question')).toHaveValue('Hello?');
  });
});

describe('Messages in the profile area', { timeout: 20_000 }, () => {
  function openMessages(routes: Routes = {}, path = '/profile/messages') {
    const stub = stubApi({
      'GET /user/profile': () => json(200, { success: true, data: demoProfile }),
      ...routes,
    });
    customerSession.signIn(customerToken());
    return { ...stub, ...renderApp(path) };
  }

  it('is in the profile navigation', async () => {
    openMessages({ 'GET /user/conversations': () => listAnswer([], 0) });
    const nav = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/profile/messages');
  });

  it('says so when there are no conversations yet', async () => {
    openMessages({ 'GET /user/conversations': () => listAnswer([], 0) });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('lists the conversations with unread badges, and opening one marks it read', async () => {
    const user = userEvent.setup();
    let read = false;
    const unreadOne = conversation({ unread: 2 });
    const other = conversation({
      _id: 'c2',
      store: { _id: 's2', name: 'Sylhet Tea House' },
      product: { _id: 'tea', title: 'Green Tea 250 g', image: null },
      subject: 'Green Tea 250 g',
      messages: [message('m9', 'customer', 'Is it organic?', '2026-11-20T08:00:00.000Z')],
    });
    const { requests } = openMessages({
      'GET /user/conversations': () =>
        read ? listAnswer([{ ...unreadOne, unread: 0 }, other], 0) : listAnswer([unreadOne, other], 2),
      'GET /user/conversations/c1': () => {
        read = true;
        return json(200, { success: true, data: { ...unreadOne, unread: 0 } });
      },
    });

    expect(await screen.findByText('2 unread messages')).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Conversations' }));
    const [first, second] = list.getAllByRole('listitem').map((item) => within(item));
    expect(first?.getByText('Dhaka Craft House')).toBeInTheDocument();
    expect(first?.getByText('2 unread')).toBeInTheDocument();
    expect(first?.getByText('Yes, it is washed before sewing.')).toBeInTheDocument();
    expect(second?.getByText('You: Is it organic?')).toBeInTheDocument();
    expect(second?.queryByText(/unread/)).not.toBeInTheDocument();
    expect(screen.getByText('Select a conversation to read it')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Dhaka Craft House/ }));
    const thread = within(await screen.findByRole('article', { name: 'Dhaka Craft House' }));
    expect(thread.getByRole('link', { name: 'About Cotton T-Shirt' })).toHaveAttribute(
      'href',
      '/products/shirt',
    );
    const messages = within(thread.getByRole('list', { name: 'Messages in this conversation' })).getAllByRole(
      'listitem',
    );
    expect(messages.map((item) => item.textContent)).toEqual([
      expect.stringContaining('YouIs it pre-shrunk?'),
      expect.stringContaining('Dhaka Craft HouseYes, it is washed before sewing.'),
    ]);
    // The list is read again, and its badges follow.
    await waitFor(() => expect(screen.queryByText('2 unread messages')).not.toBeInTheDocument());
    expect(list.queryByText('2 unread')).not.toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/user/conversations/c1').length).toBeGreaterThan(0);
  });

  it('replies: Send is disabled while blank, Enter sends, and the thread shows the reply', async () => {
    const user = userEvent.setup();
    const replied = conversation({
      messages: [
        ...conversation().messages,
        message('m3', 'customer', 'Great, thank you!', '2026-11-22T10:00:00.000Z'),
      ],
    });
    const { requests } = openMessages(
      {
        'GET /user/conversations': () => listAnswer([conversation()], 0),
        'GET /user/conversations/c1': () => json(200, { success: true, data: conversation() }),
        'POST /user/conversations/c1/messages': () =>
          json(200, { success: true, message: 'Message sent.', data: replied }),
      },
      '/profile/messages?conversation=c1',
    );
    const thread = within(await screen.findByRole('article', { name: 'Dhaka Craft House' }));
    const box = thread.getByRole('textbox', { name: 'Message' });
    expect(thread.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, '   ');
    expect(thread.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'Great, thank you!{Enter}');

    expect(await thread.findByText('Great, thank you!')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    const [sent] = callsTo(requests, 'POST', '/user/conversations/c1/messages');
    expect(await sent?.json()).toEqual({ message: 'Great, thank you!' });
  });

  it('shows why a reply was refused', async () => {
    const user = userEvent.setup();
    openMessages(
      {
        'GET /user/conversations': () => listAnswer([conversation()], 0),
        'GET /user/conversations/c1': () => json(200, { success: true, data: conversation() }),
        'POST /user/conversations/c1/messages': () => apiError(404, 'NOT_FOUND', 'Conversation not found.'),
      },
      '/profile/messages?conversation=c1',
    );
    const thread = within(await screen.findByRole('article', { name: 'Dhaka Craft House' }));
    await user.type(thread.getByRole('textbox', { name: 'Message' }), 'Hello?');
    await user.click(thread.getByRole('button', { name: 'Send' }));
    expect(await thread.findByRole('alert')).toHaveTextContent('Conversation not found.');
    expect(thread.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello?');
  });
});
