import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import {
  dataEnvelope,
  errorEnvelope,
  jsonResponse,
  listEnvelope,
  makeDispute,
  statsEnvelope,
  stubApi,
} from './testing/dispute-api-stub';

const LIST = 'GET /dispute/admin/all';
const STATS = 'GET /dispute/stats';
const DETAIL = 'GET /dispute/d-1';
const STATUS = 'PUT /dispute/d-1/status';

const STATS_ANSWER = statsEnvelope({
  total: 9,
  open: 3,
  byStatus: [
    { _id: 'open', count: 3 },
    { _id: 'under_review', count: 2 },
    { _id: 'escalated', count: 1 },
    { _id: 'resolved', count: 2 },
    { _id: 'closed', count: 1 },
  ],
});

/** The desk's list, counts and one dispute; `dispute` is what GET /dispute/d-1 answers. */
function deskApi(dispute = makeDispute(1), extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [LIST]: () => jsonResponse(200, listEnvelope([makeDispute(1), makeDispute(2)])),
    [STATS]: () => jsonResponse(200, STATS_ANSWER),
    [DETAIL]: () => jsonResponse(200, dataEnvelope(dispute)),
    ...extra,
  });
}

const detailPane = async () => within(await screen.findByRole('article', { name: /Earbuds case broken 1/ }));
const statusButtons = async () => within(await screen.findByRole('group', { name: 'Change status' }));
const resolutionForm = async () => within(await screen.findByRole('form', { name: 'Resolution' }));
const redBox = () => screen.findByRole('alert');

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('Dispute desk', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the counts, the list with its count and how long each dispute has waited for support', async () => {
    const api = stubApi({
      [LIST]: () =>
        jsonResponse(
          200,
          listEnvelope(
            [
              makeDispute(1, { waitingHours: 52, unreadMessages: 2 }),
              makeDispute(2, {
                status: 'resolved',
                waitingSince: null,
                waitingHours: null,
                unreadMessages: 0,
              }),
            ],
            27,
          ),
        ),
      [STATS]: () => jsonResponse(200, STATS_ANSWER),
    });
    renderApp('/manage-admin/disputes');

    const counts = within(await screen.findByRole('region', { name: 'Dispute counts' }));
    expect(await within(counts.getByRole('group', { name: 'Total Disputes' })).findByText('9')).toBeVisible();
    expect(within(counts.getByRole('group', { name: 'Open Cases' })).getByText('3')).toBeVisible();
    expect(within(counts.getByRole('group', { name: 'Escalated' })).getByText('1')).toBeVisible();

    expect(await screen.findByRole('heading', { name: 'Disputes (27)' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Disputes' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items.map((item) => within(item));
    expect(first?.getByText('Earbuds case broken 1')).toBeInTheDocument();
    expect(first?.getByText('Shopper 1 · Product Quality · Nov 22, 2026')).toBeInTheDocument();
    expect(first?.getByText('Waiting for support: 2d 4h')).toBeInTheDocument();
    expect(first?.getByText('2 unread')).toBeInTheDocument();
    expect(second?.queryByText(/Waiting for support/)).not.toBeInTheDocument();
    expect(screen.getByText('Select a dispute to view details')).toBeInTheDocument();

    const query = Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? []);
    expect(query).toEqual({ page: '1', limit: '20', sort: 'newest' });
  });

  it("shows a loading skeleton, then 'No disputes found'", async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [STATS]: () => jsonResponse(200, statsEnvelope()),
    });
    renderApp('/manage-admin/disputes');

    expect(await screen.findByLabelText('Loading disputes')).toBeInTheDocument();
    answer(jsonResponse(200, listEnvelope([])));
    expect(await screen.findByText('No disputes found')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading disputes')).not.toBeInTheDocument();
  });

  it('keeps Search, Status, Category, Priority and the sort in the URL, sends them, and Clear Filters resets them', async () => {
    const api = deskApi();
    const { router, user } = renderApp('/manage-admin/disputes?page=2');
    const filters = within(await screen.findByRole('region', { name: 'Filters' }));
    expect(filters.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    await user.selectOptions(filters.getByLabelText('Status'), 'under_review');
    await user.selectOptions(filters.getByLabelText('Category'), 'refund_request');
    await user.selectOptions(filters.getByLabelText('Priority'), 'urgent');
    await user.selectOptions(filters.getByLabelText('Sort'), 'longest_waiting');
    await user.type(filters.getByLabelText('Search'), 'ORD-2026{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        status: 'under_review',
        category: 'refund_request',
        priority: 'urgent',
        sort: 'longest_waiting',
        q: 'ORD-2026',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(api.sentTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '1',
        limit: '20',
        q: 'ORD-2026',
        status: 'under_review',
        category: 'refund_request',
        priority: 'urgent',
        sort: 'longest_waiting',
      }),
    );

    await user.click(filters.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'longest_waiting' }));
    expect(filters.getByLabelText('Search')).toHaveValue('');
    expect(filters.getByLabelText('Status')).toHaveValue('all');
    expect(filters.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  });

  it('opens a dispute with its facts and thread, keeping it in the URL', async () => {
    const dispute = makeDispute(1, {
      messages: [
        ...makeDispute(1).messages,
        {
          _id: 'm-1-2',
          sender: 'admin',
          message: 'Sorry about that. Could you send a photo?',
          timestamp: '2026-11-22T09:10:00.000Z',
          readByStaffAt: null,
        },
      ],
    });
    deskApi(dispute);
    const { router, user } = renderApp('/manage-admin/disputes');

    await user.click(await screen.findByRole('button', { name: /Earbuds case broken 1/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ id: 'd-1' }));
    const pane = await detailPane();
    expect(pane.getByText('The charging case lid snapped off on arrival.')).toBeInTheDocument();
    expect(pane.getByText('Product Quality')).toBeInTheDocument();
    expect(pane.getByLabelText('Priority')).toHaveValue('medium');
    expect(pane.getByText('Shopper 1', { selector: 'div' })).toBeInTheDocument();
    expect(pane.getByText('ORD-20261121-0007')).toBeInTheDocument();
    expect(pane.getByText('Nov 22, 2026')).toBeInTheDocument();
    const thread = within(pane.getByRole('list', { name: 'Message thread' }));
    expect(thread.getByText('The lid snapped off when I opened the box.')).toBeInTheDocument();
    expect(thread.getByText('Support')).toBeInTheDocument();
    expect(pane.queryByRole('form', { name: 'Resolution' })).not.toBeInTheDocument();
  });

  it("reloads the list once opening a dispute has marked the shopper's messages read", async () => {
    let unread = 1;
    const api = stubApi({
      [LIST]: () => jsonResponse(200, listEnvelope([makeDispute(1, { unreadMessages: unread })])),
      [STATS]: () => jsonResponse(200, STATS_ANSWER),
      [DETAIL]: () => {
        unread = 0;
        return jsonResponse(200, dataEnvelope(makeDispute(1, { unreadMessages: 0 })));
      },
    });
    const { user } = renderApp('/manage-admin/disputes');

    await user.click(await screen.findByRole('button', { name: /1 unread/ }));
    await waitFor(() => expect(screen.queryByText('1 unread')).not.toBeInTheDocument());
    expect(api.sentTo(LIST)).toHaveLength(2);
  });

  it('offers open, under_review, resolved and closed, never escalated', async () => {
    deskApi(makeDispute(1, { status: 'escalated' }));
    renderApp('/manage-admin/disputes?id=d-1');

    const buttons = await statusButtons();
    expect(buttons.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Open',
      'Under Review',
      'Resolved',
      'Closed',
    ]);
    for (const button of buttons.getAllByRole('button')) expect(button).toBeEnabled();
  });

  it('disables the button of the current status', async () => {
    deskApi(makeDispute(1, { status: 'under_review' }));
    renderApp('/manage-admin/disputes?id=d-1');

    const buttons = await statusButtons();
    expect(buttons.getByRole('button', { name: 'Under Review' })).toBeDisabled();
    expect(buttons.getByRole('button', { name: 'Open' })).toBeEnabled();
    expect(buttons.getByRole('button', { name: 'Closed' })).toBeEnabled();
  });

  it('moves a dispute to under review, then reloads the list, the counts and the dispute', async () => {
    let current = makeDispute(1);
    const api = deskApi(undefined, {
      [DETAIL]: () => jsonResponse(200, dataEnvelope(current)),
      [STATUS]: () => {
        current = makeDispute(1, { status: 'under_review' });
        return jsonResponse(200, dataEnvelope(current));
      },
    });
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    await user.click((await statusButtons()).getByRole('button', { name: 'Under Review' }));
    expect(await resolutionForm()).toBeDefined();
    expect(api.sentTo(STATUS)[0]?.body).toEqual({ status: 'under_review' });
    await waitFor(() => {
      expect(api.sentTo(LIST)).toHaveLength(2);
      expect(api.sentTo(STATS)).toHaveLength(2);
    });
    expect((await statusButtons()).getByRole('button', { name: 'Under Review' })).toBeDisabled();
  });

  it('requires an action, hides the amount for no_action and resolves with the resolution', async () => {
    let current = makeDispute(1, { status: 'under_review' });
    const api = deskApi(undefined, {
      [DETAIL]: () => jsonResponse(200, dataEnvelope(current)),
      [STATUS]: () => {
        current = makeDispute(1, {
          status: 'resolved',
          waitingSince: null,
          waitingHours: null,
          resolution: {
            action: 'partial_refund',
            amount: 9.5,
            currency: 'USD',
            notes: 'Half refund for the broken case.',
            resolvedAt: '2026-11-22T11:00:00.000Z',
            refundId: 'RF-000042',
          },
        });
        return jsonResponse(200, dataEnvelope(current));
      },
    });
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    const form = await resolutionForm();
    const submit = form.getByRole('button', { name: 'Resolve Dispute' });
    expect(submit).toBeDisabled();

    await user.click(form.getByRole('combobox', { name: 'Action' }));
    const listbox = within(await screen.findByRole('listbox', { name: 'Action', hidden: true }));
    const options = listbox.getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual([
      'Full Refund',
      'Partial Refund',
      'Replacement',
      'Compensation',
      'No Action',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'No Action', hidden: true }));
    expect(form.queryByLabelText(/^Amount/)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.click(form.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Partial Refund', hidden: true }));
    await user.click(submit);
    expect(await form.findByText('Amount is required')).toBeInTheDocument();
    expect(form.getByText('Notes are required')).toBeInTheDocument();
    expect(api.sentTo(STATUS)).toHaveLength(0);

    await user.type(form.getByLabelText(/^Amount/), '9.5');
    await user.type(form.getByLabelText(/^Notes/), 'Half refund for the broken case.');
    await user.click(submit);

    const applied = within(await screen.findByRole('region', { name: 'Resolution Applied' }));
    expect(api.sentTo(STATUS)[0]?.body).toEqual({
      status: 'resolved',
      resolution: {
        action: 'partial_refund',
        amount: 9.5,
        currency: 'USD',
        notes: 'Half refund for the broken case.',
      },
    });
    expect(applied.getByText('Partial Refund')).toBeInTheDocument();
    expect(applied.getByText('$9.50')).toBeInTheDocument();
    expect(applied.getByText('RF-000042')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Resolution' })).not.toBeInTheDocument();
    expect((await statusButtons()).getByRole('button', { name: 'Resolved' })).toBeDisabled();
  });

  it('sends no_action without an amount or currency', async () => {
    const api = deskApi(makeDispute(1, { status: 'under_review' }), {
      [STATUS]: () => jsonResponse(200, dataEnvelope(makeDispute(1, { status: 'resolved' }))),
    });
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    const form = await resolutionForm();
    await user.click(form.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'No Action', hidden: true }));
    await user.type(form.getByLabelText(/^Notes/), 'Delivered as described.');
    await user.click(form.getByRole('button', { name: 'Resolve Dispute' }));

    await waitFor(() =>
      expect(api.sentTo(STATUS)[0]?.body).toEqual({
        status: 'resolved',
        resolution: { action: 'no_action', notes: 'Delivered as described.' },
      }),
    );
  });

  it("refunds in the order's currency: a BDT order's refund is in BDT, not USD", async () => {
    const order = { _id: 'o-1', orderNumber: 'ORD-20261121-0007', currency: 'BDT' };
    const api = deskApi(makeDispute(1, { status: 'under_review', order }), {
      [STATUS]: () => jsonResponse(200, dataEnvelope(makeDispute(1, { status: 'resolved', order }))),
    });
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    const form = await resolutionForm();
    await user.click(form.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Full Refund', hidden: true }));
    const currency = form.getByLabelText(/^Currency/);
    expect(currency).toHaveValue('BDT');
    expect(currency).toHaveAttribute('readonly');
    await user.type(form.getByLabelText(/^Amount/), '1200');
    await user.type(form.getByLabelText(/^Notes/), 'Never arrived.');
    await user.click(form.getByRole('button', { name: 'Resolve Dispute' }));

    await waitFor(() =>
      expect(api.sentTo(STATUS)[0]?.body).toEqual({
        status: 'resolved',
        resolution: { action: 'refund', amount: 1200, currency: 'BDT', notes: 'Never arrived.' },
      }),
    );
  });

  it("opens the Resolution panel from 'Resolved' instead of sending a move without a resolution", async () => {
    const api = deskApi(makeDispute(1, { status: 'escalated' }));
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    expect(screen.queryByRole('form', { name: 'Resolution' })).not.toBeInTheDocument();
    await user.click((await statusButtons()).getByRole('button', { name: 'Resolved' }));
    expect(await resolutionForm()).toBeDefined();
    expect(api.sentTo(STATUS)).toHaveLength(0);
  });

  it('shows the server message, else the default, in the red box below when a change fails', async () => {
    let answer = () => jsonResponse(409, errorEnvelope('A closed dispute cannot be reopened.'));
    deskApi(makeDispute(1, { status: 'closed' }), { [STATUS]: () => answer() });
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    await user.click((await statusButtons()).getByRole('button', { name: 'Open' }));
    expect(await redBox()).toHaveTextContent('A closed dispute cannot be reopened.');

    answer = () => jsonResponse(500, { success: false, code: 'INTERNAL', message: '' });
    await user.click((await statusButtons()).getByRole('button', { name: 'Under Review' }));
    await waitFor(async () => expect(await redBox()).toHaveTextContent('Failed to update dispute status'));
  });

  it("shows the spec's defaults when the list, counts or dispute cannot be fetched", async () => {
    stubApi({
      [LIST]: () => Promise.reject(new TypeError('Failed to fetch')),
      [STATS]: () => Promise.reject(new TypeError('Failed to fetch')),
      [DETAIL]: () => jsonResponse(404, errorEnvelope('Dispute not found.', 'NOT_FOUND')),
    });
    renderApp('/manage-admin/disputes?id=d-1');

    const box = await redBox();
    await waitFor(() => {
      expect(box).toHaveTextContent('Failed to fetch all disputes');
      expect(box).toHaveTextContent('Failed to fetch dispute statistics');
      expect(box).toHaveTextContent('Dispute not found.');
    });
    expect(screen.getByText('Select a dispute to view details')).toBeInTheDocument();
  });

  it('posts a staff reply, with Send Reply disabled while blank', async () => {
    const api = deskApi(makeDispute(1), {
      'POST /dispute/d-1/messages': () => jsonResponse(201, dataEnvelope(makeDispute(1))),
    });
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    const pane = await detailPane();
    const send = pane.getByRole('button', { name: 'Send Reply' });
    expect(send).toBeDisabled();
    await user.type(pane.getByLabelText('Reply'), '   ');
    expect(send).toBeDisabled();
    await user.type(pane.getByLabelText('Reply'), 'Could you send a photo of the lid?');
    await user.click(send);

    await waitFor(() =>
      expect(api.sentTo('POST /dispute/d-1/messages')[0]?.body).toEqual({
        message: 'Could you send a photo of the lid?',
      }),
    );
    await waitFor(() => expect(pane.getByLabelText('Reply')).toHaveValue(''));
    await waitFor(() => expect(api.sentTo(LIST)).toHaveLength(2));
  });

  it('changes the priority through its own operation', async () => {
    const api = deskApi(makeDispute(1), {
      'PUT /dispute/d-1/priority': () =>
        jsonResponse(200, dataEnvelope(makeDispute(1, { priority: 'urgent' }))),
    });
    const { user } = renderApp('/manage-admin/disputes?id=d-1');

    await user.selectOptions((await detailPane()).getByLabelText('Priority'), 'urgent');
    await waitFor(() =>
      expect(api.sentTo('PUT /dispute/d-1/priority')[0]?.body).toEqual({ priority: 'urgent' }),
    );
  });
});
