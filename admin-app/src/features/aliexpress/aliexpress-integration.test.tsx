import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { MAX_IDS, parseIds } from './components/product-import';
import { SYNC_LOG_PAGE_SIZE } from './components/sync-log';

const status = {
  provider: 'aliexpress',
  connected: true,
  message: 'Connected to the AliExpress Open Platform.',
  checkedAt: '2026-11-24T10:00:00.000Z',
  token: { masked: '••••••••oken', expiresAt: '2027-01-31T00:00:00Z' },
};
const sync = {
  enabled: false,
  frequency: 'daily',
  driftPercent: 10,
  lastSyncAt: '2026-11-24T09:05:00.000Z',
  nextSyncAt: null,
};
const entry = (n: number) => ({
  id: `e-${n}`,
  time: '2026-11-24T09:05:00.000Z',
  type: n % 3 === 0 ? 'error' : 'success',
  action: 'marketplace.sync',
  message: `Log entry ${n}`,
});

function baseApi(overrides = {}) {
  return stubApi({
    'GET /admin/me': () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR')),
    'GET /marketplace/status': () => jsonResponse(200, dataEnvelope(status)),
    'GET /marketplace/sync': () => jsonResponse(200, dataEnvelope(sync)),
    'GET /marketplace/log': (request) => {
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const all = Array.from({ length: 12 }, (_, i) => entry(i + 1));
      return jsonResponse(200, {
        success: true,
        data: all.slice((page - 1) * SYNC_LOG_PAGE_SIZE, page * SYNC_LOG_PAGE_SIZE),
        meta: { page, limit: SYNC_LOG_PAGE_SIZE, total: all.length },
      });
    },
    ...overrides,
  });
}

describe('AliExpress Integration', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the real connection status and the token masked, with its expiry', async () => {
    baseApi();
    renderApp('/manage-admin/aliexpress');
    expect(await screen.findByRole('heading', { name: 'AliExpress Integration' })).toBeInTheDocument();
    const connection = within(await screen.findByRole('region', { name: 'Connection Status' }));
    expect(await connection.findByText('Connected')).toBeInTheDocument();
    expect(connection.getByText('Connected to the AliExpress Open Platform.')).toBeInTheDocument();
    expect(connection.getByText(/••••••••oken, expires/)).toBeInTheDocument();
  });

  it('imports several ids one after another, with a result for each', async () => {
    const api = baseApi({
      'POST /marketplace/import': (request: { body: unknown }) => {
        const [id] = (request.body as { ids: string[] }).ids;
        const failed = id === '1005000000000001';
        return jsonResponse(
          200,
          dataEnvelope([
            {
              id,
              outcome: failed ? 'failed' : 'created',
              message: failed
                ? 'No product data found. Please check the Product ID and try again.'
                : 'Imported.',
              productId: failed ? null : `p-${id}`,
              title: failed ? null : `Item ${id}`,
            },
          ]),
        );
      },
    });
    const { user } = renderApp('/manage-admin/aliexpress');
    const importer = within(await screen.findByRole('region', { name: 'Product Import' }));
    const ids = importer.getByRole('textbox', { name: 'AliExpress Product IDs' });
    await user.type(ids, 'abc');
    await user.click(importer.getByRole('button', { name: 'Import' }));
    expect(
      await importer.findByText('“abc” is not an AliExpress product id (digits only).'),
    ).toBeInTheDocument();
    expect(api.sentTo('POST /marketplace/import')).toHaveLength(0);

    await user.clear(ids);
    await user.type(ids, '1005006209875364, 1005000000000001{enter}1005006264390851');
    await user.click(importer.getByRole('button', { name: 'Import' }));
    expect(await importer.findByText('3 of 3 imported or refused')).toBeInTheDocument();
    expect(api.sentTo('POST /marketplace/import').map((request) => request.body)).toEqual([
      { ids: ['1005006209875364'], country: 'BD', status: 'draft' },
      { ids: ['1005000000000001'], country: 'BD', status: 'draft' },
      { ids: ['1005006264390851'], country: 'BD', status: 'draft' },
    ]);
    const results = within(importer.getByRole('table', { name: 'Import results' }));
    expect(results.getAllByText('created')).toHaveLength(2);
    expect(
      results.getByText('No product data found. Please check the Product ID and try again.'),
    ).toBeInTheDocument();
    expect(results.getByRole('link', { name: 'Item 1005006209875364' })).toBeInTheDocument();
    expect(importer.getByText('2 of 3 imported.')).toBeInTheDocument();
  });

  it('saves auto-sync, daily by default, and syncs now', async () => {
    const api = baseApi({
      'PUT /marketplace/sync': (request: { body: unknown }) =>
        jsonResponse(200, {
          ...dataEnvelope({ ...sync, ...(request.body as object), nextSyncAt: '2026-11-24T10:05:00.000Z' }),
          message: 'Auto-sync settings saved.',
        }),
      'POST /marketplace/sync/run': () =>
        jsonResponse(200, {
          ...dataEnvelope({ checked: 4, updated: 1, drifted: 0, withdrawn: 0, failed: 0 }),
          message: 'Synced 4 products: 1 updated, 0 price changes, 0 no longer sold, 0 failed.',
        }),
    });
    const { user } = renderApp('/manage-admin/aliexpress');
    const autoSync = within(await screen.findByRole('region', { name: 'Auto-Sync' }));
    expect(await autoSync.findByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(autoSync.getByText(/Next: off/)).toBeInTheDocument();
    await user.click(autoSync.getByRole('switch', { name: /Auto-sync imported products/ }));
    await user.click(autoSync.getByRole('radio', { name: 'Hourly' }));
    await user.click(autoSync.getByRole('button', { name: 'Save Auto-Sync' }));
    await waitFor(() => expect(api.sentTo('PUT /marketplace/sync')).toHaveLength(1));
    expect(api.sentTo('PUT /marketplace/sync')[0]?.body).toEqual({
      enabled: true,
      frequency: 'hourly',
      driftPercent: 10,
    });
    expect(await screen.findByText('Auto-sync settings saved.')).toBeInTheDocument();

    await user.click(
      within(await screen.findByRole('region', { name: 'Auto-Sync' })).getByRole('button', {
        name: 'Sync Now',
      }),
    );
    expect(
      await screen.findByText('Synced 4 products: 1 updated, 0 price changes, 0 no longer sold, 0 failed.'),
    ).toBeInTheDocument();
  });

  it('pages the sync log five at a time', async () => {
    baseApi();
    const { user } = renderApp('/manage-admin/aliexpress');
    const table = await screen.findByRole('table', { name: 'Sync log' });
    expect(await within(table).findByText('Log entry 1')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(SYNC_LOG_PAGE_SIZE + 1);
    expect(SYNC_LOG_PAGE_SIZE).toBe(5);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByText('Log entry 6')).toBeInTheDocument();
  });

  it('reads ids separated by commas, spaces or new lines, once each', () => {
    expect(parseIds('1, 2\n3  1')).toEqual({ ids: ['1', '2', '3'] });
    expect(parseIds('  ')).toEqual({ error: 'Enter at least one product id.' });
    expect(parseIds(Array.from({ length: MAX_IDS + 1 }, (_, i) => String(i)).join(','))).toEqual({
      error: 'Import at most 50 ids at a time.',
    });
  });
});
