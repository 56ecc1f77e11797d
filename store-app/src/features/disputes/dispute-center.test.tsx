import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../lib/session';
import { apiError, json, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { customerToken } from '../../test/tokens';

type Routes = Parameters<typeof stubApi>[0];

const SUBMITTED = 'Your dispute has been submitted successfully. We will review and respond within 48 hours.';

function message(
  _id: string,
  sender: Schemas['DisputeMessage']['sender'],
  text: string,
  timestamp: string,
): Schemas['DisputeMessage'] {
  return { _id, sender, message: text, timestamp, readByStaffAt: null };
}

function dispute(overrides: Partial<Schemas['Dispute']> = {}): Schemas['Dispute'] {
  return {
    _id: 'd1',
    subject: 'Earbuds arrived with a broken case',
    description: 'The charging case lid snapped off on arrival.',
    category: 'product_quality',
    priority: 'medium',
    status: 'open',
    user: { _id: 'user-1', name: 'Demo Shopper' },
    order: { _id: 'order-7', orderNumber: 'ORD-20261121-0007', currency: 'USD' },
    orderId: 'ORD-20261121-0007',
    evidence: [],
    messages: [
      message('m1', 'user', 'The charging case lid snapped off on arrival.', '2026-11-22T08:00:00.000Z'),
      message('m2', 'admin', 'Sorry to hear that. Could you send a photo?', '2026-11-22T09:00:00.000Z'),
    ],
    resolution: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    waitingSince: null,
    waitingHours: null,
    unreadMessages: 0,
    ...overrides,
  };
}

const stats = {
  total: 4,
  open: 2,
  byStatus: [
    { _id: 'open', count: 2 },
    { _id: 'resolved', count: 1 },
    { _id: 'escalated', count: 1 },
  ],
};

function order(orderNumber: string, _id: string): Schemas['Order'] {
  return {
    _id,
    orderNumber,
    user: 'user-1',
    items: [],
    shippingAddress: { address: 'House 12', city: 'Dhaka', postalCode: '1205', country: 'BD' },
    paymentMethod: 'PayPal',
    currency: 'USD',
    itemsPrice: 40,
    shippingPrice: 10,
    taxPrice: 4,
    totalPrice: 54,
    discountPrice: 0,
    couponCode: null,
    isPaid: true,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    status: 'Placed',
    statusHistory: [],
    createdAt: '2026-11-21T10:00:00.000Z',
    paymentStatus: 'Paid',
    carrier: null,
    trackingNumber: null,
    refundedPrice: 0,
    refunds: [],
    canCancel: false,
  };
}

const ok = (data: unknown) => () => json(200, { success: true, data });

/** The Dispute Center's reads, answered as the contract describes; `routes` adds or replaces answers. */
function openDisputeCenter(routes: Routes = {}, path = '/profile/appeal-dispute-center') {
  const stub = stubApi({
    'GET /dispute/stats': ok(stats),
    'GET /dispute/user': ok([
      dispute(),
      dispute({ _id: 'd2', subject: 'Parcel never came', status: 'resolved' }),
    ]),
    'GET /dispute/d1': ok(dispute()),
    'GET /order': () =>
      json(200, {
        success: true,
        data: [order('ORD-20261121-0007', 'order-7'), order('ORD-20261120-0003', 'order-3')],
        meta: { page: 1, limit: 100, total: 2 },
      }),
    ...routes,
  });
  customerSession.signIn(customerToken());
  const app = renderApp(path);
  return { ...stub, ...app };
}

function callsTo(requests: Request[], method: string, path: string) {
  return requests.filter(
    (request) => request.method === method && new URL(request.url).pathname === `/api${path}`,
  );
}

async function openMyDisputes(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'My Disputes (2)' }));
}

describe('dispute center', () => {
  it('shows the heading, the four stat cards, both tabs and the form', async () => {
    openDisputeCenter();

    expect(await screen.findByRole('heading', { name: 'Dispute Center / Appeal' })).toBeInTheDocument();
    const card = (name: string) => within(screen.getByRole('listitem', { name }));
    await waitFor(() => expect(card('Total Disputes').getByText('4')).toBeInTheDocument());
    expect(card('Open Cases').getByText('2')).toBeInTheDocument();
    expect(card('Resolved').getByText('1')).toBeInTheDocument();
    expect(card('Escalated').getByText('1')).toBeInTheDocument();

    expect(screen.getByRole('tab', { name: 'New Dispute' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'My Disputes (2)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('General Complaint');
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Order ID (if applicable)' })).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Order ID (if applicable)' })).toHaveAttribute(
      'placeholder',
      'e.g., #123456',
    );
    expect(screen.getByRole('textbox', { name: 'Detailed Description' })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Submit Dispute' })).toBeInTheDocument();
  });

  it('needs a subject and a description before anything is sent', async () => {
    const user = userEvent.setup();
    const { requests } = openDisputeCenter();

    await user.click(await screen.findByRole('button', { name: 'Submit Dispute' }));

    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Detailed Description is required')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/dispute')).toHaveLength(0);
  });

  it('submits a dispute on a chosen order with its evidence, shows the banner, and starts again empty', async () => {
    const user = userEvent.setup();
    const created = dispute({ _id: 'd3', subject: 'Wrong colour', category: 'order_issue' });
    const { requests, container } = openDisputeCenter({
      'POST /dispute/evidence': () =>
        json(201, {
          success: true,
          data: {
            url: 'http://localhost:3000/media/evidence/photo.jpg',
            name: 'photo.jpg',
            size: 4,
            contentType: 'image/jpeg',
          },
        }),
      'POST /dispute': () => json(201, { success: true, data: created }),
    });

    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Wrong colour');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Order Issue' }));
    await user.click(screen.getByRole('combobox', { name: 'Order ID (if applicable)' }));
    await user.click(await screen.findByRole('option', { name: /ORD-20261120-0003/ }));
    await user.type(
      screen.getByRole('textbox', { name: 'Detailed Description' }),
      'I ordered blue, got red.',
    );
    const picker = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('no file input');
    await user.upload(picker, new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('list', { name: 'Evidence files' })).toHaveTextContent('photo.jpg');
    const listReads = callsTo(requests, 'GET', '/dispute/user').length;
    const statsReads = callsTo(requests, 'GET', '/dispute/stats').length;

    await user.click(screen.getByRole('button', { name: 'Submit Dispute' }));

    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument();
    const [upload] = callsTo(requests, 'POST', '/dispute/evidence');
    const uploaded = (await upload?.formData())?.get('file');
    expect(uploaded).toBeInstanceOf(File);
    expect((uploaded as File).name).toBe('photo.jpg');
    const [post] = callsTo(requests, 'POST', '/dispute');
    expect(await post?.json()).toEqual({
      subject: 'Wrong colour',
      category: 'order_issue',
      orderId: 'ORD-20261120-0003',
      description: 'I ordered blue, got red.',
      evidence: ['http://localhost:3000/media/evidence/photo.jpg'],
    });
    await waitFor(() => expect(callsTo(requests, 'GET', '/dispute/user').length).toBeGreaterThan(listReads));
    expect(callsTo(requests, 'GET', '/dispute/stats').length).toBeGreaterThan(statsReads);

    await user.click(screen.getByRole('button', { name: 'Submit Another' }));

    expect(screen.queryByText(SUBMITTED)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('General Complaint');
    expect(screen.getByRole('combobox', { name: 'Order ID (if applicable)' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Detailed Description' })).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Evidence files' })).not.toBeInTheDocument();
  });

  it('is reached from the profile navigation', async () => {
    const user = userEvent.setup();
    openDisputeCenter({}, '/profile');

    await user.click(await screen.findByRole('link', { name: 'Appeal / Dispute Center' }));

    expect(await screen.findByRole('heading', { name: 'Dispute Center / Appeal' })).toBeInTheDocument();
  });

  it('refuses an evidence file above 10 MB before anything is sent', async () => {
    const user = userEvent.setup();
    const { container } = openDisputeCenter();
    await screen.findByRole('button', { name: 'Submit Dispute' });
    const picker = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('no file input');
    const huge = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });

    await user.upload(picker, huge);

    expect(screen.getByText('scan.pdf: The file is larger than 10 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Evidence files' })).not.toBeInTheDocument();
  });

  it("opens from an order's page with that order chosen", async () => {
    const user = userEvent.setup();
    openDisputeCenter({ 'GET /order/order-7': ok(order('ORD-20261121-0007', 'order-7')) }, '/order/order-7');

    await user.click(await screen.findByRole('link', { name: 'Open a dispute' }));

    expect(await screen.findByRole('heading', { name: 'Dispute Center / Appeal' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Order ID (if applicable)' })).toHaveValue(
      'ORD-20261121-0007',
    );
  });

  it('starts with the order chosen on the order page', async () => {
    openDisputeCenter({}, '/profile/appeal-dispute-center?order=ORD-20261121-0007');

    expect(await screen.findByRole('combobox', { name: 'Order ID (if applicable)' })).toHaveValue(
      'ORD-20261121-0007',
    );
  });

  it("shows the server's message when the dispute cannot be created, else the default", async () => {
    const user = userEvent.setup();
    let answer = apiError(404, 'NOT_FOUND', 'Order not found.');
    openDisputeCenter({ 'POST /dispute': () => answer });

    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Late');
    await user.type(screen.getByRole('combobox', { name: 'Order ID (if applicable)' }), '#999999');
    await user.type(screen.getByRole('textbox', { name: 'Detailed Description' }), 'Still waiting.');
    await user.click(screen.getByRole('button', { name: 'Submit Dispute' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');

    answer = new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Submit Dispute' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create dispute'));
    expect(screen.queryByText(SUBMITTED)).not.toBeInTheDocument();
  });
});

describe('my disputes', () => {
  it('says No disputes found when there are none', async () => {
    const user = userEvent.setup();
    openDisputeCenter({ 'GET /dispute/user': ok([]) });

    await user.click(await screen.findByRole('tab', { name: 'My Disputes (0)' }));

    expect(await screen.findByText('No disputes found')).toBeInTheDocument();
  });

  it('shows the chosen dispute with its facts, thread and resolution', async () => {
    const user = userEvent.setup();
    const resolved = dispute({
      _id: 'd2',
      subject: 'Parcel never came',
      status: 'resolved',
      priority: 'high',
      category: 'delivery_problem',
      evidence: ['http://localhost:3000/media/uploads/lid.jpg'],
      resolution: {
        action: 'partial_refund',
        amount: 12.5,
        currency: 'EUR',
        notes: 'Half the shipping refunded.',
        resolvedAt: '2026-11-24T12:00:00.000Z',
      },
    });
    openDisputeCenter({
      'GET /dispute/user': ok([dispute(), resolved]),
      'GET /dispute/d2': ok(resolved),
    });
    await openMyDisputes(user);

    expect(await screen.findByText('Select a dispute to view details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Parcel never came/ }));

    const detail = within(await screen.findByRole('article', { name: 'Parcel never came' }));
    expect(detail.getByText('Resolved')).toBeInTheDocument();
    expect(detail.getByText('Delivery Problem')).toBeInTheDocument();
    expect(detail.getByText('High')).toBeInTheDocument();
    expect(detail.getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(
      within(detail.getByText('Messages', { selector: 'dt' }).parentElement as HTMLElement).getByText('2'),
    ).toBeInTheDocument();
    expect(detail.getAllByText('The charging case lid snapped off on arrival.')).toHaveLength(2);
    const thread = within(detail.getByRole('region', { name: 'Message Thread' }));
    const [mine, theirs] = thread.getAllByRole('listitem');
    expect(mine).toHaveAttribute('data-sender', 'user');
    expect(within(mine as HTMLElement).getByText('You')).toBeInTheDocument();
    expect(within(theirs as HTMLElement).getByText('Support')).toBeInTheDocument();
    expect(mine?.style.marginLeft).not.toBe(theirs?.style.marginLeft);
    expect(detail.getByRole('link', { name: 'File 1' })).toHaveAttribute(
      'href',
      'http://localhost:3000/media/uploads/lid.jpg',
    );
    const resolution = within(detail.getByRole('region', { name: 'Resolution' }));
    expect(resolution.getByText('Partial Refund')).toBeInTheDocument();
    expect(resolution.getByText('€12.50')).toBeInTheDocument();
    expect(resolution.getByText('Half the shipping refunded.')).toBeInTheDocument();
    expect(resolution.getByText('Resolution Applied on Nov 24, 2026')).toBeInTheDocument();
  });

  it('keeps Send disabled while the message is blank, sends on Enter and shows the new thread', async () => {
    const user = userEvent.setup();
    const answered = dispute({
      messages: [...dispute().messages, message('m3', 'user', 'Photo attached.', '2026-11-22T10:00:00.000Z')],
    });
    const { requests } = openDisputeCenter({
      'POST /dispute/d1/messages': () => json(200, { success: true, data: answered }),
    });
    await openMyDisputes(user);
    await user.click(await screen.findByRole('button', { name: /Earbuds arrived/ }));

    const input = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(callsTo(requests, 'POST', '/dispute/d1/messages')).toHaveLength(0);

    await user.type(input, ' Photo attached. ');
    expect(send).toBeEnabled();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Photo attached.')).toBeInTheDocument();
    const [post] = callsTo(requests, 'POST', '/dispute/d1/messages');
    expect(await post?.json()).toEqual({ message: 'Photo attached.' });
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it("shows the server's message when a message is refused, else the default", async () => {
    const user = userEvent.setup();
    let answer = apiError(409, 'CONFLICT', 'A closed dispute takes no more messages.');
    openDisputeCenter({ 'POST /dispute/d1/messages': () => answer });
    await openMyDisputes(user);
    await user.click(await screen.findByRole('button', { name: /Earbuds arrived/ }));

    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A closed dispute takes no more messages.');

    answer = new Response('', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send message'));
  });

  it.each([
    ['open', true],
    ['under_review', true],
    ['resolved', false],
    ['closed', false],
    ['escalated', false],
  ] as const)('offers Escalate on a %s dispute: %s', async (status, offered) => {
    const user = userEvent.setup();
    const shown = dispute({ status });
    openDisputeCenter({ 'GET /dispute/user': ok([shown]), 'GET /dispute/d1': ok(shown) });
    await user.click(await screen.findByRole('tab', { name: 'My Disputes (1)' }));
    await user.click(await screen.findByRole('button', { name: /Earbuds arrived/ }));

    await screen.findByRole('article', { name: 'Earbuds arrived with a broken case' });
    expect(screen.queryByRole('button', { name: 'Escalate' }) !== null).toBe(offered);
  });

  it('escalates an open dispute and shows it as escalated', async () => {
    const user = userEvent.setup();
    const { requests } = openDisputeCenter({
      'POST /dispute/d1/escalate': ok(dispute({ status: 'escalated', priority: 'high' })),
    });
    await openMyDisputes(user);
    await user.click(await screen.findByRole('button', { name: /Earbuds arrived/ }));

    await user.click(await screen.findByRole('button', { name: 'Escalate' }));

    const detail = within(screen.getByRole('article', { name: 'Earbuds arrived with a broken case' }));
    await waitFor(() => expect(detail.getByText('Escalated')).toBeInTheDocument());
    expect(detail.queryByRole('button', { name: 'Escalate' })).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/dispute/d1/escalate')).toHaveLength(1);
  });

  it("shows the server's message when escalating fails", async () => {
    const user = userEvent.setup();
    openDisputeCenter({
      'POST /dispute/d1/escalate': () => apiError(409, 'CONFLICT', 'This dispute is already escalated.'),
    });
    await openMyDisputes(user);
    await user.click(await screen.findByRole('button', { name: /Earbuds arrived/ }));
    await user.click(await screen.findByRole('button', { name: 'Escalate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This dispute is already escalated.');
  });

  it("shows the server's message when the figures cannot be read", async () => {
    openDisputeCenter({
      'GET /dispute/stats': () => apiError(500, 'INTERNAL_ERROR', 'Statistics are unavailable right now.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Statistics are unavailable right now.');
  });

  it.each([
    ['GET /dispute/user', 'Failed to fetch disputes'],
    ['GET /dispute/stats', 'Failed to fetch dispute statistics'],
  ])('falls back to its own text when %s fails with no message', async (route, text) => {
    openDisputeCenter({ [route]: () => new Response('', { status: 503 }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('falls back to Failed to fetch dispute when the chosen dispute cannot be read', async () => {
    const user = userEvent.setup();
    openDisputeCenter({ 'GET /dispute/d1': () => new Response('', { status: 503 }) });
    await openMyDisputes(user);
    await user.click(await screen.findByRole('button', { name: /Earbuds arrived/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch dispute$/);
    expect(screen.getByRole('article', { name: 'Earbuds arrived with a broken case' })).toBeInTheDocument();
  });
});
