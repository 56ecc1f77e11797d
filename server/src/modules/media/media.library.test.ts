import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, mediaFiles, products, stores } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm as form } from '../../test/multipart.ts';
import { bearer, demoAdminToken, demoShopperToken, limitedStaffToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    [format]()
    .toBuffer();
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

describe('File & Media Manager', () => {
  let t: TestApp;
  let admin: string;
  let folders: { id: string; name: string; builtIn: boolean; fileCount: number }[];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    folders = (
      await t.app.inject({ method: 'GET', url: '/api/media/folders', headers: bearer(admin) })
    ).json().data;
  });
  afterAll(() => t.close());

  const folderId = (name: string) => {
    const found = folders.find((folder) => folder.name === name);
    if (!found) throw new Error(`no folder ${name}`);
    return found.id;
  };

  const upload = (folder: string, file: { name: string; type: string; bytes: Buffer }, token = admin) => {
    const { payload, headers } = form(file);
    return t.app.inject({
      method: 'POST',
      url: `/api/media/files?folder=${folder}`,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('starts with the Marketing, Product and Factory folders, which cannot be removed', async () => {
    expect(folders.map((folder) => [folder.name, folder.builtIn])).toEqual([
      ['Marketing', true],
      ['Product', true],
      ['Factory', true],
    ]);
    const refused = await call('DELETE', `/api/media/folders/${folderId('Marketing')}`);
    expect(refused.statusCode).toBe(409);
    assertMatchesContract('deleteMediaFolder', refused);
    expect(refused.json().message).toBe(
      'Marketing, Product and Factory are the store’s own folders and cannot be removed.',
    );
  });

  it('creates folders, refusing a second of the same name and odd names', async () => {
    const created = await call('POST', '/api/media/folders', { name: '  Summer Sale ' });
    expect(created.statusCode, created.body).toBe(201);
    assertMatchesContract('createMediaFolder', created);
    expect(created.json().data).toMatchObject({ name: 'Summer Sale', builtIn: false, fileCount: 0 });

    const again = await call('POST', '/api/media/folders', { name: 'summer sale' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A folder of that name exists already.');
    for (const name of ['', '   ', 'a/b', 'x'.repeat(61)]) {
      expect((await call('POST', '/api/media/folders', { name })).statusCode, name).toBe(400);
    }
    const list = (await call('GET', '/api/media/folders')).json().data;
    expect(list.map((folder: { name: string }) => folder.name)).toEqual([
      'Marketing',
      'Product',
      'Factory',
      'Summer Sale',
    ]);
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'media.folder.create'));
    expect(entry?.details).toEqual({ name: 'Summer Sale' });
  });

  it('takes JPG, PNG, MP4, PDF and WebP files up to 10 MB into a folder, measuring pictures', async () => {
    const folder = (await call('POST', '/api/media/folders', { name: 'Uploads test' })).json().data.id;
    const png = await upload(folder, {
      name: 'banner.png',
      type: 'image/png',
      bytes: await picture(640, 320),
    });
    expect(png.statusCode, png.body).toBe(201);
    assertMatchesContract('uploadMediaFile', png);
    expect(png.json().data).toMatchObject({
      folderId: folder,
      name: 'banner.png',
      kind: 'image',
      contentType: 'image/png',
      width: 640,
      height: 320,
      uploadedBy: 'Store Admin',
      usedBy: [],
    });
    const served = await t.app.inject({ method: 'GET', url: new URL(png.json().data.url).pathname });
    expect(served.statusCode).toBe(200);

    const webp = await sharp(await picture(10, 10))
      .webp()
      .toBuffer();
    for (const [name, bytes, kind] of [
      ['clip.mp4', MP4, 'video'],
      ['catalogue.pdf', PDF, 'pdf'],
      ['tile.webp', webp, 'image'],
      ['photo.jpg', await picture(20, 10, 'jpeg'), 'image'],
    ] as const) {
      const answer = await upload(folder, { name, type: 'application/octet-stream', bytes });
      expect(answer.statusCode, name).toBe(201);
      expect(answer.json().data.kind).toBe(kind);
    }
    const listed = await call('GET', `/api/media/files?folder=${folder}`);
    assertMatchesContract('listMediaFiles', listed);
    expect(listed.json().meta).toEqual({ page: 1, limit: 12, total: 5 });
    const counted = (await call('GET', '/api/media/folders')).json().data;
    expect(counted.find((item: { id: string }) => item.id === folder)?.fileCount).toBe(5);
    const images = await call('GET', `/api/media/files?folder=${folder}&images=true`);
    expect(images.json().meta.total).toBe(3);
    const searched = await call('GET', `/api/media/files?folder=${folder}&q=CATALO`);
    expect(searched.json().data.map((file: { name: string }) => file.name)).toEqual(['catalogue.pdf']);
  });

  it('refuses a 12 MB file and an .exe, keeping nothing', async () => {
    const folder = folderId('Factory');
    const before = await t.db.select().from(mediaFiles).where(eq(mediaFiles.folderId, folder));
    const big = Buffer.concat([PDF, Buffer.alloc(12 * 1024 * 1024)]);
    const tooBig = await upload(folder, { name: 'big.pdf', type: 'application/pdf', bytes: big });
    expect(tooBig.statusCode).toBe(413);
    assertMatchesContract('uploadMediaFile', tooBig);
    expect(tooBig.json().message).toBe('The file is larger than 10 MB.');

    const exe = await upload(folder, { name: 'setup.exe', type: 'image/png', bytes: EXE });
    expect(exe.statusCode).toBe(415);
    assertMatchesContract('uploadMediaFile', exe);
    expect(exe.json().message).toBe('Only JPG, PNG, MP4, PDF or WebP files can be uploaded.');

    const gif = await upload(folder, {
      name: 'a.gif',
      type: 'image/gif',
      bytes: Buffer.from('GIF89a......'),
    });
    expect(gif.statusCode).toBe(415);
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.folderId, folder))).toEqual(before);

    const unknownFolder = await upload('00000000-0000-4000-8000-000000000000', {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(unknownFolder.statusCode).toBe(404);
  });

  it('compresses, converts and resizes a picture into a new file beside the original', async () => {
    const original = (
      await upload(folderId('Marketing'), {
        name: 'hero.png',
        type: 'image/png',
        bytes: await picture(1200, 600),
      })
    ).json().data;

    const resized = await call('POST', `/api/media/files/${original.id}/process`, {
      action: 'resize',
      width: 300,
    });
    expect(resized.statusCode, resized.body).toBe(201);
    assertMatchesContract('processMediaFile', resized);
    expect(resized.json().data).toMatchObject({ name: 'hero-300x150.png', width: 300, height: 150 });
    const bytes = (await t.app.inject({ method: 'GET', url: new URL(resized.json().data.url).pathname }))
      .rawPayload;
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 300, height: 150, format: 'png' });

    const converted = await call('POST', `/api/media/files/${original.id}/process`, {
      action: 'convert',
      format: 'webp',
    });
    expect(converted.json().data).toMatchObject({ name: 'hero.webp', contentType: 'image/webp' });

    const compressed = await call('POST', `/api/media/files/${original.id}/process`, {
      action: 'compress',
      quality: 40,
    });
    expect(compressed.json().data).toMatchObject({ name: 'hero-q40.png', width: 1200, height: 600 });

    const never = await call('POST', `/api/media/files/${original.id}/process`, {
      action: 'resize',
      width: 5000,
    });
    expect(never.json().data).toMatchObject({ width: 1200, height: 600 });

    for (const body of [
      { action: 'resize' },
      { action: 'convert' },
      { action: 'compress', quality: 0 },
      { action: 'rotate' },
    ]) {
      const refused = await call('POST', `/api/media/files/${original.id}/process`, body);
      expect([400, 422], JSON.stringify(body)).toContain(refused.statusCode);
      assertMatchesContract('processMediaFile', refused);
    }
    const pdf = (
      await upload(folderId('Marketing'), { name: 'terms.pdf', type: 'application/pdf', bytes: PDF })
    ).json().data;
    const notPicture = await call('POST', `/api/media/files/${pdf.id}/process`, { action: 'compress' });
    expect(notPicture.statusCode).toBe(422);
    expect(notPicture.json().message).toBe(
      'Only pictures (JPG, PNG or WebP) can be compressed, converted or resized.',
    );
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'media.resize'));
    expect(logged).toHaveLength(2);
  });

  it('refuses to delete a file a product or a store shows, saying which, and deletes it once unused', async () => {
    const file = (
      await upload(folderId('Product'), {
        name: 'bag.jpg',
        type: 'image/jpeg',
        bytes: await picture(50, 50, 'jpeg'),
      })
    ).json().data;
    const [product] = await t.db.select().from(products).limit(1);
    const [store] = await t.db.select().from(stores).limit(1);
    if (!product || !store) throw new Error('seed missing');
    await t.db
      .update(products)
      .set({ images: [...product.images, file.url] })
      .where(eq(products.id, product.id));
    await t.db.update(stores).set({ logoUrl: file.url }).where(eq(stores.id, store.id));

    const listed = (await call('GET', `/api/media/files?folder=${folderId('Product')}&q=bag.jpg`)).json()
      .data;
    expect(listed[0].usedBy).toEqual([`Product: ${product.title}`, `Store: ${store.name}`]);
    const refused = await call('DELETE', `/api/media/files/${file.id}`);
    expect(refused.statusCode).toBe(409);
    assertMatchesContract('deleteMediaFile', refused);
    expect(refused.json().message).toBe(
      `The file is used by: Product: ${product.title}; Store: ${store.name}.`,
    );

    await t.db.update(products).set({ images: product.images }).where(eq(products.id, product.id));
    await t.db.update(stores).set({ logoUrl: store.logoUrl }).where(eq(stores.id, store.id));
    const deleted = await call('DELETE', `/api/media/files/${file.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: new URL(file.url).pathname })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/media/files/${file.id}`)).statusCode).toBe(404);
  });

  it('replaces a file under a new address and moves every product using it there', async () => {
    const file = (
      await upload(folderId('Product'), { name: 'cup.png', type: 'image/png', bytes: await picture(40, 40) })
    ).json().data;
    const [product] = await t.db.select().from(products).limit(1);
    if (!product) throw new Error('seed missing');
    await t.db
      .update(products)
      .set({ images: [file.url, ...product.images] })
      .where(eq(products.id, product.id));

    const { payload, headers } = form({
      name: 'cup-new.jpg',
      type: 'image/jpeg',
      bytes: await picture(80, 60, 'jpeg'),
    });
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/media/files/${file.id}/replace`,
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    assertMatchesContract('replaceMediaFile', replaced);
    const data = replaced.json().data;
    expect(data).toMatchObject({
      id: file.id,
      name: 'cup.png',
      width: 80,
      height: 60,
      contentType: 'image/jpeg',
    });
    expect(data.url).not.toBe(file.url);
    expect(data.usedBy).toEqual([`Product: ${product.title}`]);
    const [after] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(after?.images[0]).toBe(data.url);
    expect((await t.app.inject({ method: 'GET', url: new URL(file.url).pathname })).statusCode).toBe(404);

    const video = form({ name: 'x.mp4', type: 'video/mp4', bytes: MP4 });
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `/api/media/files/${file.id}/replace`,
      payload: video.payload,
      headers: { ...video.headers, ...bearer(admin) },
    });
    expect(wrongKind.statusCode).toBe(415);
    expect(wrongKind.json().message).toBe(
      'Replace a file with one of the same kind (a picture, a video or a PDF).',
    );
    await t.db.update(products).set({ images: product.images }).where(eq(products.id, product.id));
  });

  it('removes only empty folders it created', async () => {
    const folder = (await call('POST', '/api/media/folders', { name: 'Temporary' })).json().data.id;
    await upload(folder, { name: 'a.pdf', type: 'application/pdf', bytes: PDF });
    const full = await call('DELETE', `/api/media/folders/${folder}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Move or delete the files in this folder first.');
    const [only] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.folderId, folder));
    await call('DELETE', `/api/media/files/${only?.id}`);
    expect((await call('DELETE', `/api/media/folders/${folder}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/media/folders/${folder}`)).statusCode).toBe(404);
  });

  it('hands out links through the CDN when it is on', async () => {
    const refused = await call('PUT', '/api/media/settings', { cdnEnabled: true, cdnBaseUrl: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Give the CDN’s address (http:// or https://) to turn it on.');
    expect(
      (await call('PUT', '/api/media/settings', { cdnEnabled: true, cdnBaseUrl: 'javascript:alert(1)' }))
        .statusCode,
    ).toBe(400);

    const on = await call('PUT', '/api/media/settings', {
      cdnEnabled: true,
      cdnBaseUrl: 'https://cdn.example.com/',
    });
    expect(on.statusCode, on.body).toBe(200);
    assertMatchesContract('updateMediaSettings', on);
    const listed = (await call('GET', `/api/media/files?folder=${folderId('Marketing')}&limit=1`)).json()
      .data;
    expect(listed[0].url).toMatch(/^https:\/\/cdn\.example\.com\/media\/uploads\//);
    const { payload, headers } = form({ name: 'p.png', type: 'image/png', bytes: await picture(5, 5) });
    const wizard = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    expect(wizard.json().data.url).toMatch(/^https:\/\/cdn\.example\.com\/media\/uploads\//);

    await call('PUT', '/api/media/settings', { cdnEnabled: false, cdnBaseUrl: 'https://cdn.example.com' });
    const off = await call('GET', '/api/media/settings');
    assertMatchesContract('getMediaSettings', off);
    expect(off.json().data).toEqual({ cdnEnabled: false, cdnBaseUrl: 'https://cdn.example.com' });
    const cdnLog = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'media.cdn'), eq(activityLog.actorEmail, 'admin@example.com')));
    expect(cdnLog).toHaveLength(2);
  });

  it('puts the product wizard’s pictures in the Product folder', async () => {
    const { payload, headers } = form({ name: 'wizard.png', type: 'image/png', bytes: await picture(7, 7) });
    await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { ...headers, ...bearer(admin) },
    });
    const found = (await call('GET', `/api/media/files?folder=${folderId('Product')}&q=wizard`)).json().data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ width: 7, height: 7 });
  });

  it('is for staff with the products permission; the CDN needs settings', async () => {
    const shopper = await demoShopperToken(t.app);
    const reports = await limitedStaffToken(t.app, t.db, ['reports']);
    const products = await limitedStaffToken(t.app, t.db, ['products']);
    const id = '00000000-0000-4000-8000-000000000000';
    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['listMediaFolders', 'GET', '/api/media/folders'],
      ['createMediaFolder', 'POST', '/api/media/folders', { name: 'Nope' }],
      ['deleteMediaFolder', 'DELETE', `/api/media/folders/${id}`],
      ['listMediaFiles', 'GET', '/api/media/files'],
      ['deleteMediaFile', 'DELETE', `/api/media/files/${id}`],
      ['processMediaFile', 'POST', `/api/media/files/${id}/process`, { action: 'compress' }],
      ['getMediaSettings', 'GET', '/api/media/settings'],
      ['updateMediaSettings', 'PUT', '/api/media/settings', { cdnEnabled: false, cdnBaseUrl: null }],
    ];
    for (const [operationId, method, url, body] of attempts) {
      const none = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(none.statusCode, `${operationId} without a token`).toBe(401);
      for (const token of [shopper, reports]) {
        const answer = await call(method, url, body, token);
        expect(answer.statusCode, operationId).toBe(403);
        assertMatchesContract(operationId as never, answer);
      }
    }
    expect(
      (await call('PUT', '/api/media/settings', { cdnEnabled: false, cdnBaseUrl: null }, products))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/media/settings', undefined, products)).statusCode).toBe(200);
    const upload403 = await upload(
      folderId('Product'),
      { name: 'a.pdf', type: 'application/pdf', bytes: PDF },
      reports,
    );
    expect(upload403.statusCode).toBe(403);
  });
});
