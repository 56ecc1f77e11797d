import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { MEDIA_PAGE_SIZE, refusal } from './components/media-library';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const folders = [
  { id: id(1), name: 'Marketing', builtIn: true, fileCount: 14 },
  { id: id(2), name: 'Product', builtIn: true, fileCount: 0 },
  { id: id(3), name: 'Factory', builtIn: true, fileCount: 0 },
];
const file = (n: number, overrides: object = {}) => ({
  id: id(100 + n),
  folderId: id(1),
  name: `banner-${n}.png`,
  url: `http://localhost:3000/media/uploads/${id(100 + n)}.png`,
  contentType: 'image/png',
  kind: 'image',
  sizeBytes: 48_213,
  width: 1200,
  height: 600,
  uploadedBy: 'Store Admin',
  createdAt: '2026-11-20T10:00:00.000Z',
  usedBy: [],
  ...overrides,
});
const settings = { cdnEnabled: false, cdnBaseUrl: null };
const unavailable = () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR'));

function filesHandler(all: ReturnType<typeof file>[]) {
  return (request: { url: URL }) => {
    const page = Number(request.url.searchParams.get('page') ?? 1);
    const limit = Number(request.url.searchParams.get('limit') ?? 12);
    const folder = request.url.searchParams.get('folder');
    const mine = all.filter((item) => item.folderId === folder);
    return jsonResponse(200, {
      ...dataEnvelope(mine.slice((page - 1) * limit, page * limit)),
      meta: { page, limit, total: mine.length },
    });
  };
}

describe('File & Media Manager', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows the folders, the limits and a folder’s files 12 per page', async () => {
    const all = Array.from({ length: 14 }, (_, n) => file(n + 1));
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /media/folders': () => jsonResponse(200, dataEnvelope(folders)),
      'GET /media/settings': () => jsonResponse(200, dataEnvelope(settings)),
      'GET /media/files': filesHandler(all),
    });
    const { user } = renderApp('/manage-admin/media');
    expect(await screen.findByRole('heading', { name: 'File & Media Manager' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Media folders' });
    expect(within(nav).getByRole('button', { name: /Marketing/ })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Product/ })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Factory/ })).toBeInTheDocument();
    expect(screen.getByText('Supported: JPG, PNG, MP4, PDF, WebP · Max 10MB per file')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Files in Marketing' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(MEDIA_PAGE_SIZE));
    expect(MEDIA_PAGE_SIZE).toBe(12);
    expect(
      within(list).getAllByText('47.1 KB · 1200×600 · Nov 20, 2026', { exact: false })[0],
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.sentTo('GET /media/files').at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('says when the server cannot be reached, and shows the folders after Retry', async () => {
    let reachable = false;
    stubApi({
      'GET /admin/me': unavailable,
      'GET /media/folders': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(200, dataEnvelope(folders));
      },
      'GET /media/settings': () => jsonResponse(200, dataEnvelope(settings)),
      'GET /media/files': filesHandler([file(1)]),
    });
    const { user } = renderApp('/manage-admin/media');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The media folders could not be loaded: the server could not be reached.',
    );
    expect(screen.queryByRole('navigation', { name: 'Media folders' })).not.toBeInTheDocument();

    reachable = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const nav = await screen.findByRole('navigation', { name: 'Media folders' });
    expect(within(nav).getByRole('button', { name: /Marketing/ })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Files in Marketing' })).toBeInTheDocument();
  });

  it('refuses other file types and files over 10 MB before sending them', () => {
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' });
    expect(refusal(exe)).toBe('Only JPG, PNG, MP4, PDF or WebP files can be uploaded.');
    const big = new File([new Uint8Array(12 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
    expect(refusal(big)).toBe('The file is larger than 10 MB.');
    expect(refusal(new File(['x'], 'photo.JPG', { type: 'image/jpeg' }))).toBeNull();
  });

  it('creates a folder and uploads into it', async () => {
    const list = [...folders];
    const all: ReturnType<typeof file>[] = [];
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /media/folders': () => jsonResponse(200, dataEnvelope(list)),
      'GET /media/settings': () => jsonResponse(200, dataEnvelope(settings)),
      'GET /media/files': filesHandler(all),
      'POST /media/folders': (request) => {
        const created = {
          id: id(9),
          name: (request.body as { name: string }).name,
          builtIn: false,
          fileCount: 0,
        };
        list.push(created);
        return jsonResponse(201, dataEnvelope(created));
      },
      'POST /media/files': (request) => {
        const created = file(1, { folderId: request.url.searchParams.get('folder'), name: 'sale.png' });
        all.push(created);
        return jsonResponse(201, dataEnvelope(created));
      },
    });
    const { user } = renderApp('/manage-admin/media');
    await user.type(await screen.findByLabelText('New folder'), 'Summer Sale');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Folder Summer Sale created.')).toBeInTheDocument();
    expect(api.sentTo('POST /media/folders')[0]?.body).toEqual({ name: 'Summer Sale' });
    expect(await screen.findByRole('heading', { name: 'Upload to Summer Sale' })).toBeInTheDocument();
    expect(screen.getByText('No files in this folder yet.')).toBeInTheDocument();

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'sale.png', { type: 'image/png' }));
    expect(await screen.findByText('1 file uploaded.')).toBeInTheDocument();
    expect(api.sentTo('POST /media/files')[0]?.url.searchParams.get('folder')).toBe(id(9));
    expect(await screen.findByRole('listitem', { name: 'sale.png' })).toBeInTheDocument();
  });

  it('resizes, converts and compresses through the server, and shows why a used file stays', async () => {
    const used = file(1, { usedBy: ['Product: Leather Tote'] });
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /media/folders': () => jsonResponse(200, dataEnvelope(folders)),
      'GET /media/settings': () => jsonResponse(200, dataEnvelope(settings)),
      'GET /media/files': filesHandler([used]),
      [`POST /media/files/${used.id}/process`]: () =>
        jsonResponse(201, dataEnvelope(file(2, { name: 'banner-1-800x400.png', sizeBytes: 20_000 }))),
      [`DELETE /media/files/${used.id}`]: () =>
        jsonResponse(409, errorEnvelope('The file is used by: Product: Leather Tote.', 'CONFLICT')),
    });
    const { user } = renderApp('/manage-admin/media');
    expect(await screen.findByText('In use: Product: Leather Tote')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resize banner-1.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resize banner-1.png' });
    const width = within(dialog).getByLabelText('Width (px)');
    await user.clear(width);
    await user.type(width, '800');
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    expect(await screen.findByText('banner-1-800x400.png saved (19.5 KB).')).toBeInTheDocument();
    expect(api.sentTo(`POST /media/files/${used.id}/process`)[0]?.body).toEqual({
      action: 'resize',
      width: 800,
    });

    await user.click(screen.getByRole('button', { name: 'Convert banner-1.png' }));
    const convert = await screen.findByRole('dialog', { name: 'Convert banner-1.png' });
    await user.click(within(convert).getByText('JPG'));
    await user.click(within(convert).getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(api.sentTo(`POST /media/files/${used.id}/process`)).toHaveLength(2));
    expect(api.sentTo(`POST /media/files/${used.id}/process`)[1]?.body).toEqual({
      action: 'convert',
      format: 'jpg',
    });

    await user.click(screen.getByRole('button', { name: 'Compress banner-1.png' }));
    const compress = await screen.findByRole('dialog', { name: 'Compress banner-1.png' });
    await user.click(within(compress).getByRole('button', { name: 'Compress' }));
    await waitFor(() => expect(api.sentTo(`POST /media/files/${used.id}/process`)).toHaveLength(3));
    expect(api.sentTo(`POST /media/files/${used.id}/process`)[2]?.body).toEqual({
      action: 'compress',
      quality: 75,
    });

    await user.click(screen.getByRole('button', { name: 'Delete banner-1.png' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The file is used by: Product: Leather Tote.')).toBeInTheDocument();
  });

  it('saves the CDN setting', async () => {
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /media/folders': () => jsonResponse(200, dataEnvelope(folders)),
      'GET /media/settings': () => jsonResponse(200, dataEnvelope(settings)),
      'GET /media/files': filesHandler([]),
      'PUT /media/settings': (request) => jsonResponse(200, dataEnvelope(request.body)),
    });
    const { user } = renderApp('/manage-admin/media');
    await user.click(await screen.findByLabelText('Serve media through a CDN'));
    await user.type(screen.getByLabelText('CDN address', { exact: false }), 'https://cdn.example.com');
    await user.click(screen.getByRole('button', { name: 'Save CDN Setting' }));
    expect(await screen.findByText('Media links now use the CDN.')).toBeInTheDocument();
    expect(api.sentTo('PUT /media/settings')[0]?.body).toEqual({
      cdnEnabled: true,
      cdnBaseUrl: 'https://cdn.example.com',
    });
  });
});
