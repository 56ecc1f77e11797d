import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { API_LOG_PAGE_SIZE } from './components/courier-integration';

const unavailable = () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR'));
const entry = (n: number, overrides: object = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  service: n % 2 ? 'courier' : 'marketplace',
  call: n % 2 ? `track Pathao RB${n}` : `getProduct 100500${n}`,
  outcome: n === 1 ? 'error' : 'success',
  message: n === 1 ? 'timeout' : 'Status in_transit',
  durationMs: 1200 + n,
  at: `2026-11-24T10:${String(10 + n).padStart(2, '0')}:00.000Z`,
  ...overrides,
});

function logsHandler(all: ReturnType<typeof entry>[]) {
  return (request: { url: URL }) => {
    const page = Number(request.url.searchParams.get('page') ?? 1);
    const limit = Number(request.url.searchParams.get('limit') ?? 5);
    const service = request.url.searchParams.get('service');
    const outcome = request.url.searchParams.get('outcome');
    const kept = all.filter(
      (row) => (!service || row.service === service) && (!outcome || row.outcome === outcome),
    );
    return jsonResponse(200, {
      ...dataEnvelope(kept.slice((page - 1) * limit, page * limit)),
      meta: { page, limit, total: kept.length },
    });
  };
}

describe('Courier Integration & API Logs', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('lists every outgoing call 5 to a page, and filters by service and outcome', async () => {
    const all = Array.from({ length: 12 }, (_, n) => entry(n + 1));
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /couriers/settings': () =>
        jsonResponse(200, dataEnvelope({ endpoint: null, apiKeyMasked: null, connected: false })),
      'GET /api-logs': logsHandler(all),
    });
    const { user } = renderApp('/manage-admin/shipping');
    expect(
      await screen.findByRole('heading', { name: 'Courier Integration & API Logs' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'API log' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(API_LOG_PAGE_SIZE + 1));
    expect(API_LOG_PAGE_SIZE).toBe(5);
    expect(within(table).getByText('timeout')).toBeInTheDocument();
    expect(within(table).getByText('1,201 ms')).toBeInTheDocument();
    // Not connected: nothing to test or track yet.
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test Connection' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Error', hidden: true }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const last = api.sentTo('GET /api-logs').at(-1);
    expect(last?.url.searchParams.get('outcome')).toBe('error');
    expect(last?.url.searchParams.get('page')).toBe('1');
  });

  it('saves the key without showing it, tests the connection and checks tracking', async () => {
    let settings = { endpoint: null as string | null, apiKeyMasked: null as string | null, connected: false };
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /couriers/settings': () => jsonResponse(200, dataEnvelope(settings)),
      'GET /api-logs': logsHandler([]),
      'PUT /couriers/settings': (request) => {
        const body = request.body as { endpoint: string; apiKey?: string };
        settings = { endpoint: body.endpoint, apiKeyMasked: '••••••••••••6c1e', connected: true };
        return jsonResponse(200, { ...dataEnvelope(settings), message: 'Courier settings saved.' });
      },
      'POST /couriers/test': () =>
        jsonResponse(200, {
          ...dataEnvelope({
            ok: false,
            message: 'The courier could not be reached: API key refused (signature invalid or key expired).',
          }),
        }),
      'POST /couriers/tracking': () =>
        jsonResponse(200, {
          ...dataEnvelope({ asked: 3, delivered: 1, failed: 1 }),
          message: '3 shipped orders checked: 1 delivered, 1 not answered.',
        }),
    });
    const { user } = renderApp('/manage-admin/shipping');
    expect(await screen.findByText('No calls logged yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Endpoint'), 'https://tracking.example.com/v1');
    await user.type(screen.getByLabelText('API Key', { exact: false }), 'sk_live_courier_5b0d6c1e');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Courier settings saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT /couriers/settings')[0]?.body).toEqual({
      endpoint: 'https://tracking.example.com/v1',
      apiKey: 'sk_live_courier_5b0d6c1e',
    });
    expect(await screen.findByText('Saved: ••••••••••••6c1e. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText('API Key', { exact: false })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText(
        'The courier could not be reached: API key refused (signature invalid or key expired).',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Tracking Now' }));
    expect(
      await screen.findByText('3 shipped orders checked: 1 delivered, 1 not answered.'),
    ).toBeInTheDocument();
    // Saving again without a key keeps the saved one.
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.sentTo('PUT /couriers/settings')).toHaveLength(2));
    expect(api.sentTo('PUT /couriers/settings')[1]?.body).toEqual({
      endpoint: 'https://tracking.example.com/v1',
    });
  });
});
