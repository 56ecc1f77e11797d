import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeEvidence, mediaFiles, mediaFolders } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm as form } from '../../test/multipart.ts';
import { pngDeclaring } from '../../test/pictures.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInVendor } from '../../test/vendors.ts';
import { UPLOADS_FOLDER } from './media.files.ts';
import { MAX_IMAGE_PIXELS, ProcessRefused, processPicture } from './media.library.ts';
import { localMediaStore } from './media.store.ts';

const TOO_LARGE = 'The picture is too large: at most 40 megapixels.';

describe('pictures declaring more than 40 megapixels', () => {
  let t: TestApp;
  let staff: string;
  let shopper: string;
  let vendor: string;
  let productFolder: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    staff = await demoAdminToken(t.app);
    shopper = (await registerShopper(t.app)).token;
    vendor = (await signedInVendor(t.app, t.db)).token;
    const [folder] = await t.db.select().from(mediaFolders).where(eq(mediaFolders.name, 'Product'));
    if (!folder) throw new Error('no Product folder');
    productFolder = folder.id;
  });
  afterAll(() => t.close());

  const upload = (url: string, token: string, bytes: Buffer, name = 'huge.png') => {
    const { payload, headers } = form({ name, type: 'image/png', bytes });
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
  };
  const kept = async () => ({
    files: (await t.db.select({ n: count() }).from(mediaFiles))[0]?.n,
    evidence: (await t.db.select({ n: count() }).from(disputeEvidence))[0]?.n,
    stored: readdirSync(join(t.config.dataDir, UPLOADS_FOLDER)).length,
  });

  it('are refused at every picture upload, quickly, with nothing stored', async () => {
    const small = await upload(`/api/media/files?folder=${productFolder}`, staff, pngDeclaring(40, 30));
    expect(small.statusCode, small.body).toBe(201);
    const before = await kept();
    const uploads = [
      ['uploadMedia', '/api/media', staff],
      ['uploadMediaFile', `/api/media/files?folder=${productFolder}`, staff],
      ['replaceMediaFile', `/api/media/files/${small.json().data.id}/replace`, staff],
      ['uploadVendorImage', '/api/vendor/images', vendor],
      ['uploadDisputeEvidence', '/api/dispute/evidence', shopper],
    ] as const;
    for (const [width, height] of [
      [16_000, 16_000],
      [50_000, 50_000],
    ] as const) {
      const bytes = pngDeclaring(width, height);
      for (const [operationId, url, token] of uploads) {
        const started = performance.now();
        const response = await upload(url, token, bytes);
        expect(performance.now() - started, operationId).toBeLessThan(2000);
        expect(response.statusCode, `${operationId} ${width}×${height}: ${response.body}`).toBe(413);
        assertMatchesContract(operationId, response);
        expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
      }
    }
    expect(await kept()).toEqual(before);
    // The replaced file still shows its own picture.
    const [still] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, small.json().data.id));
    expect([still?.width, still?.height]).toEqual([40, 30]);
  });

  it('are told apart from a picture of exactly 40 megapixels, which is taken and measured', async () => {
    const exact = await upload(`/api/media/files?folder=${productFolder}`, staff, pngDeclaring(8000, 5000));
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data).toMatchObject({ width: 8000, height: 5000 });
    const over = await upload(`/api/media/files?folder=${productFolder}`, staff, pngDeclaring(8001, 5000));
    expect(over.statusCode).toBe(413);
  });

  it('are not decoded when kept from before the limit: processing refuses them', async () => {
    // A file stored before uploads were checked.
    const storedName = '0b7e3c1a-9d2f-4e6a-8b5c-1f2e3d4c5b6a.png';
    await localMediaStore(t.config.dataDir).put(storedName, pngDeclaring(16_000, 16_000), 'image/png');
    const [row] = await t.db
      .insert(mediaFiles)
      .values({
        folderId: productFolder,
        name: 'old-huge.png',
        storedName,
        contentType: 'image/png',
        sizeBytes: 100,
        uploadedBy: 'Before',
      })
      .returning();
    for (const body of [
      { action: 'convert', format: 'webp' },
      { action: 'resize', width: 100 },
      { action: 'compress', quality: 50 },
    ]) {
      const started = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/media/files/${row?.id}/process`,
        headers: bearer(staff),
        payload: body,
      });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(response.statusCode, response.body).toBe(422);
      assertMatchesContract('processMediaFile', response);
      expect(response.json().message).toBe(TOO_LARGE);
    }
  });

  it('stop decoding at the same limit', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    const file = { name: 'wide.png', contentType: 'image/png' };
    const refused = processPicture(file, pngDeclaring(7000, 7000), { action: 'compress' });
    await expect(refused).rejects.toBeInstanceOf(ProcessRefused);
    await expect(refused).rejects.toThrow(TOO_LARGE);
    const real = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c85028' } })
      .png()
      .toBuffer();
    const fine = await processPicture(file, real, { action: 'convert', format: 'webp' });
    expect(fine.name).toBe('wide.webp');
  });
});
