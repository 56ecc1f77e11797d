import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { BACKUP_PAGE_SIZE, formatSize } from './components/backup-restore';

const backup = (n: number, overrides: object = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  createdAt: `2026-11-${String(10 + (n % 15)).padStart(2, '0')}T02:00:00.000Z`,
  trigger: 'Scheduled',
  createdBy: 'Schedule',
  schemaVersion: '0008_backups',
  sizeBytes: 48_213 + n,
  rowCount: 1204,
  ...overrides,
});

const schedule = { enabled: true, retention: 7 };
const unavailable = () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR'));

describe('Backup & Restore', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('creates an export and lists it with its real size, date and trigger', async () => {
    const kept = [backup(1)];
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /backups': () => jsonResponse(200, dataEnvelope(kept)),
      'GET /backups/schedule': () => jsonResponse(200, dataEnvelope(schedule)),
      'POST /backups': () => {
        const created = backup(2, {
          createdAt: '2026-11-24T10:15:00.000Z',
          trigger: 'Manual',
          createdBy: 'Store Admin',
          sizeBytes: 2_400_000,
        });
        kept.unshift(created);
        return jsonResponse(201, { ...dataEnvelope(created), message: 'Backup created!' });
      },
    });
    const { user } = renderApp('/manage-admin/backup');

    expect(await screen.findByRole('heading', { name: 'Backup & Restore' })).toBeInTheDocument();
    expect(screen.getByText(/An export is not a database backup/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Exports' });
    expect(await within(table).findByText('47.1 KB')).toBeInTheDocument();
    expect(within(table).getByText('Scheduled')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Manual Backup Now' }));
    expect(await screen.findByText('Backup created!')).toBeInTheDocument();
    expect(api.sentTo('POST /backups')).toHaveLength(1);
    expect(await within(table).findByText('2.3 MB')).toBeInTheDocument();
    expect(within(table).getByText('Manual')).toBeInTheDocument();
    expect(within(table).getByText('Store Admin')).toBeInTheDocument();
  });

  it('restores only after the confirmation, and says what happened', async () => {
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /backups': () => jsonResponse(200, dataEnvelope([backup(1)])),
      'GET /backups/schedule': () => jsonResponse(200, dataEnvelope(schedule)),
      'POST /backups/00000000-0000-4000-8000-000000000001/restore': () =>
        jsonResponse(200, {
          success: true,
          message: 'The store was restored from the export of 2026-11-11 02:00 UTC.',
        }),
    });
    const { user } = renderApp('/manage-admin/backup');
    await user.click(await screen.findByRole('button', { name: /^Restore the export of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this export?' });
    expect(within(dialog).getByText(/Changes made since then are lost\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.filter((request) => request.url.pathname.endsWith('/restore'))).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: /^Restore the export of/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restore this export?' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    expect(
      await screen.findByText('The store was restored from the export of 2026-11-11 02:00 UTC.'),
    ).toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.pathname.endsWith('/restore'))).toHaveLength(1);
  });

  it('pages the exports, ten to a page', async () => {
    stubApi({
      'GET /admin/me': unavailable,
      'GET /backups': () =>
        jsonResponse(200, dataEnvelope(Array.from({ length: 12 }, (_, i) => backup(i + 1)))),
      'GET /backups/schedule': () => jsonResponse(200, dataEnvelope(schedule)),
    });
    renderApp('/manage-admin/backup');
    const table = await screen.findByRole('table', { name: 'Exports' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(BACKUP_PAGE_SIZE + 1));
    expect(BACKUP_PAGE_SIZE).toBe(10);
  });

  it('saves the nightly schedule and refuses a retention out of bounds', async () => {
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /backups': () => jsonResponse(200, dataEnvelope([])),
      'GET /backups/schedule': () => jsonResponse(200, dataEnvelope(schedule)),
      'PUT /backups/schedule': (request) =>
        jsonResponse(200, {
          ...dataEnvelope({ ...schedule, ...(request.body as object) }),
          message: 'Schedule saved.',
        }),
    });
    const { user } = renderApp('/manage-admin/backup');
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
    const keep = await screen.findByRole('textbox', { name: 'Scheduled exports to keep' });
    await user.clear(keep);
    await user.type(keep, '0');
    expect(await screen.findByText('Keep between 1 and 90 exports.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Schedule' })).toBeDisabled();
    await user.clear(keep);
    await user.type(keep, '14');
    await user.click(screen.getByRole('switch', { name: 'Take an export every night (02:00 UTC)' }));
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));
    await waitFor(() => expect(api.sentTo('PUT /backups/schedule')).toHaveLength(1));
    expect(api.sentTo('PUT /backups/schedule')[0]?.body).toEqual({ enabled: false, retention: 14 });
    expect(await screen.findByText('Schedule saved.')).toBeInTheDocument();
  });

  it('asks for a file before uploading an export, then sends it', async () => {
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /backups': () => jsonResponse(200, dataEnvelope([])),
      'GET /backups/schedule': () => jsonResponse(200, dataEnvelope(schedule)),
      'POST /backups/upload': () =>
        jsonResponse(201, {
          ...dataEnvelope(backup(3, { trigger: 'Uploaded' })),
          message: 'Export uploaded.',
        }),
    });
    const { user } = renderApp('/manage-admin/backup');
    await user.click(await screen.findByRole('button', { name: 'Upload Export' }));
    expect(await screen.findByText('Please select a file to import.')).toBeInTheDocument();
    expect(api.sentTo('POST /backups/upload')).toHaveLength(0);

    await user.upload(
      document.querySelector(
        'section[aria-labelledby="upload-title"] input[type="file"]',
      ) as HTMLInputElement,
      new File([new Uint8Array([0x1f, 0x8b])], 'shop-export.json.gz', { type: 'application/gzip' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload Export' }));
    expect(await screen.findByText('Export uploaded. Restore it from the list above.')).toBeInTheDocument();
    expect(api.sentTo('POST /backups/upload')).toHaveLength(1);
  });

  it('imports products from a file and reports each row, asking for a file first', async () => {
    const rows = Array.from({ length: 12 }, (_, n) => ({
      row: n + 1,
      outcome: n === 11 ? 'refused' : n === 0 ? 'updated' : 'created',
      _id: n === 11 ? null : `id-${n}`,
      title: `Product ${n + 1}`,
      message: n === 11 ? 'A new product needs a price.' : n === 0 ? 'Updated.' : 'Created.',
    }));
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /backups': () => jsonResponse(200, dataEnvelope([])),
      'GET /backups/schedule': () => jsonResponse(200, dataEnvelope(schedule)),
      'POST /product/import': () =>
        jsonResponse(200, {
          ...dataEnvelope({ created: 10, updated: 1, refused: 1, rows }),
          message: '10 created, 1 updated, 1 refused.',
        }),
    });
    const { user } = renderApp('/manage-admin/backup');
    await user.click(await screen.findByRole('button', { name: 'Import Products' }));
    expect(await screen.findByText('Please select a file to import.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/import')).toHaveLength(0);

    await user.upload(
      document.querySelector(
        'section[aria-labelledby="import-products-title"] input[type="file"]',
      ) as HTMLInputElement,
      new File(['title,price\r\nTote,1'], 'products.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import Products' }));
    expect(await screen.findByText('10 created, 1 updated, 1 refused.')).toBeInTheDocument();
    expect(api.sentTo('POST /product/import')).toHaveLength(1);
    const report = await screen.findByRole('table', { name: 'Import report' });
    expect(within(report).getAllByRole('row')).toHaveLength(11);
    expect(within(report).getByText('Updated.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Page 2' }).at(-1) as HTMLElement);
    expect(await within(report).findByText('A new product needs a price.')).toBeInTheDocument();
    expect(within(report).getByText('refused')).toBeInTheDocument();
  });

  it('says sizes the way people read them', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(48_213)).toBe('47.1 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
