import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { fetchStub, jsonResponse } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

type ActivityLog = Schemas['ActivityLog'];

const ALICE = '0b7c3d6e-1f2a-4b5c-8d9e-0a1b2c3d4e5f';
const BOB = '1c8d4e7f-2a3b-4c6d-9e0f-1b2c3d4e5f60';

function makeEntry(n: number, overrides: Partial<ActivityLog> = {}): ActivityLog {
  return {
    id: `e-${n}`,
    admin: 'Alice Auditor',
    adminId: ALICE,
    email: 'alice@example.com',
    action: 'product.update',
    details: `title: Widget ${n}; status: published`,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    location: null,
    timestamp: '2026-11-02T09:15:00.000Z',
    status: 'success',
    sessionDuration: null,
    target: `product:p${n}`,
    changes: null,
    ...overrides,
  };
}

const FACETS: Schemas['ActivityFacets'] = {
  admins: [
    { _id: ALICE, name: 'Alice Auditor', email: 'alice@example.com' },
    { _id: BOB, name: 'Bob Builder', email: 'bob@example.com' },
  ],
  actions: ['admin.login', 'order.status', 'product.update'],
};

const envelope = (entries: ActivityLog[], total = entries.length, page = 1) => ({
  success: true,
  data: entries,
  meta: { page, limit: 10, total },
  facets: FACETS,
});

type Sent = { method: string; url: URL };

/** Answers GET /admin/activity with `answer` and records every request. */
function stubActivity(answer: (url: URL) => unknown) {
  const sent: Sent[] = [];
  fetchStub.mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    sent.push({ method: request.method, url });
    if (url.pathname === '/api/admin/activity') return jsonResponse(200, answer(url));
    if (url.pathname === '/api/admin/activity/export') {
      return new Response('id,timestamp\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="activity-2026-11-02.csv"',
        },
      });
    }
    throw new TypeError(`Unexpected request: ${request.method} ${url.pathname}`);
  });
  const listQueries = () =>
    sent
      .filter((request) => request.url.pathname === '/api/admin/activity')
      .map((request) => Object.fromEntries(request.url.searchParams));
  return { sent, listQueries };
}

const table = () => screen.findByRole('table', { name: 'Activity logs' });
const search = (router: { state: { location: { search: unknown } } }) =>
  router.state.location.search as Record<string, unknown>;

// Whole-app renders with many clicks: allow for a machine shared with other work.
describe('Activity Logs', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('says 10000+ when the server counted only part of a filter’s matches', async () => {
    stubActivity(() => ({
      ...envelope([makeEntry(1)], 10_000),
      meta: { page: 1, limit: 10, total: 10_000, capped: true },
    }));
    renderApp(`/manage-admin/admin/activity?admin=${ALICE}`);
    expect(await screen.findByText('Showing 1 to 10 of 10000+ results')).toBeInTheDocument();
  });

  it('lists the entries ten a page and asks for the next page through the URL', async () => {
    const api = stubActivity((url) =>
      envelope(
        [makeEntry(Number(url.searchParams.get('page') ?? 1))],
        23,
        Number(url.searchParams.get('page')),
      ),
    );
    const { router, user } = renderApp('/manage-admin/admin/activity');

    const rows = within(await table());
    expect(await rows.findByText('title: Widget 1; status: published')).toBeInTheDocument();
    expect(rows.getByText('Alice Auditor')).toBeInTheDocument();
    expect(rows.getByText('alice@example.com')).toBeInTheDocument();
    expect(rows.getByText('product.update')).toBeInTheDocument();
    expect(rows.getByText('203.0.113.7')).toBeInTheDocument();
    expect(rows.getByText('success')).toBeInTheDocument();
    expect(api.listQueries()[0]).toEqual({ page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await rows.findByText('title: Widget 3; status: published')).toBeInTheDocument();
    expect(search(router)).toEqual({ page: 3 });
    expect(api.listQueries().at(-1)).toEqual({ page: '3', limit: '10' });
  });

  it('keeps every filter in the URL and sends it to the server, back on page 1', async () => {
    const api = stubActivity(() => envelope([makeEntry(1)], 40));
    const { router, user } = renderApp('/manage-admin/admin/activity?page=2');
    await within(await table()).findByText('title: Widget 1; status: published');

    await user.selectOptions(screen.getByLabelText('Admin'), 'Bob Builder (bob@example.com)');
    await user.selectOptions(screen.getByLabelText('Action'), 'order.status');
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.type(screen.getByLabelText('Search'), 'kettle{Enter}');

    // Page 1 is the default, so it leaves the address (the list started on page 2).
    await waitFor(() =>
      expect(search(router)).toEqual({ admin: BOB, action: 'order.status', status: 'failed', q: 'kettle' }),
    );
    await waitFor(() =>
      expect(api.listQueries().at(-1)).toEqual({
        page: '1',
        limit: '10',
        admin: BOB,
        action: 'order.status',
        status: 'failed',
        q: 'kettle',
      }),
    );
  });

  it('reads the filters back from the URL', async () => {
    const api = stubActivity(() => envelope([makeEntry(1)]));
    renderApp(
      `/manage-admin/admin/activity?q=kettle&admin=${ALICE}&action=product.update&status=warning&start=2026-11-01&end=2026-11-05`,
    );
    await within(await table()).findByText('title: Widget 1; status: published');

    expect(screen.getByLabelText('Search')).toHaveValue('kettle');
    expect(screen.getByLabelText('Admin')).toHaveValue(ALICE);
    expect(screen.getByLabelText('Action')).toHaveValue('product.update');
    expect(screen.getByLabelText('Status')).toHaveValue('warning');
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-11-05');
    expect(api.listQueries()[0]).toEqual({
      page: '1',
      limit: '10',
      q: 'kettle',
      admin: ALICE,
      action: 'product.update',
      status: 'warning',
      start: '2026-11-01',
      end: '2026-11-05',
    });
  });

  it('applies the date range only when both the start and the end date are set', async () => {
    const api = stubActivity(() => envelope([makeEntry(1)]));
    const { router, user } = renderApp('/manage-admin/admin/activity');
    await within(await table()).findByText('title: Widget 1; status: published');

    await user.type(screen.getByLabelText('Start date'), '2026-11-01');
    await waitFor(() => expect(search(router)).toMatchObject({ start: '2026-11-01' }));
    expect(
      screen.getByText('The date range applies when both a start and an end date are set.'),
    ).toBeInTheDocument();
    // The start date alone is in the URL but not in the query.
    await waitFor(() => expect(api.listQueries().length).toBeGreaterThanOrEqual(1));
    for (const query of api.listQueries()) expect(query).not.toHaveProperty('start');

    await user.type(screen.getByLabelText('End date'), '2026-11-05');
    await waitFor(() =>
      expect(api.listQueries().at(-1)).toEqual({
        page: '1',
        limit: '10',
        start: '2026-11-01',
        end: '2026-11-05',
      }),
    );
    expect(
      screen.queryByText('The date range applies when both a start and an end date are set.'),
    ).not.toBeInTheDocument();
  });

  it('refuses a range that runs backwards without asking the server', async () => {
    const api = stubActivity(() => envelope([makeEntry(1)]));
    renderApp('/manage-admin/admin/activity?start=2026-11-05&end=2026-11-01');

    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(await screen.findByText('No activity logs found.')).toBeInTheDocument();
    expect(api.listQueries()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it("shows 'No activity logs found.' when nothing matches", async () => {
    stubActivity(() => envelope([]));
    renderApp('/manage-admin/admin/activity?q=nothing');

    expect(await screen.findByText('No activity logs found.')).toBeInTheDocument();
  });

  it('shows the server message when the log cannot be read', async () => {
    fetchStub.mockImplementation(async () =>
      jsonResponse(403, {
        success: false,
        code: 'FORBIDDEN',
        message: 'You do not have permission to do this.',
      }),
    );
    renderApp('/manage-admin/admin/activity');

    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  });

  it('opens an entry’s details: address, device, location, session and the values before and after', async () => {
    stubActivity(() =>
      envelope([
        makeEntry(1, {
          details: 'status: draft → published; title: Blue Kettle',
          location: 'Dhaka, BD',
          sessionDuration: 5400,
          changes: {
            before: { title: 'Blue Kettle', status: 'draft' },
            after: { title: 'Blue Kettle', status: 'published' },
          },
        }),
        makeEntry(2),
      ]),
    );
    const { user } = renderApp('/manage-admin/admin/activity');
    const rows = within(await table());
    const [first] = await rows.findAllByRole('button', { name: /^View details of product\.update/ });
    if (!first) throw new Error('no View button');
    await user.click(first);

    const dialog = within(await screen.findByRole('dialog', { name: 'Activity Details' }));
    expect(dialog.getByText('203.0.113.7')).toBeInTheDocument();
    expect(dialog.getByText('Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0')).toBeInTheDocument();
    expect(dialog.getByText('Dhaka, BD')).toBeInTheDocument();
    expect(dialog.getByText('1h 30m')).toBeInTheDocument();
    expect(dialog.getByText('product:p1')).toBeInTheDocument();
    const changes = within(dialog.getByRole('table', { name: 'Changes' }));
    const statusRow = changes.getByText('status').closest('tr');
    if (!statusRow) throw new Error('no status row');
    expect(within(statusRow).getByText('draft')).toBeInTheDocument();
    expect(within(statusRow).getByText('published')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [, second] = rows.getAllByRole('button', { name: /^View details of product\.update/ });
    if (!second) throw new Error('no second View button');
    await user.click(second);
    const plain = within(await screen.findByRole('dialog', { name: 'Activity Details' }));
    // No location known, no session known, no change recorded.
    expect(plain.queryByText('Location')).not.toBeInTheDocument();
    expect(plain.getByText('Not known')).toBeInTheDocument();
    expect(plain.queryByRole('table', { name: 'Changes' })).not.toBeInTheDocument();
  });

  it('downloads the filtered log as CSV', async () => {
    const api = stubActivity(() => envelope([makeEntry(1)]));
    const { user } = renderApp(`/manage-admin/admin/activity?status=failed&admin=${BOB}&start=2026-11-01`);
    await within(await table()).findByText('title: Widget 1; status: published');
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:activity';
    };
    URL.revokeObjectURL = () => undefined;

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(created).toHaveLength(1));
    const exported = api.sent.find((request) => request.url.pathname === '/api/admin/activity/export');
    // The start date alone is no range, so it is not sent.
    expect(Object.fromEntries(exported?.url.searchParams ?? [])).toEqual({ status: 'failed', admin: BOB });
    expect(await created[0]?.text()).toBe('id,timestamp\r\n');
  });
});
