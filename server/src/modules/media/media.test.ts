import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm as form } from '../../test/multipart.ts';
import { bearer, demoAdminToken, loginStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

describe('POST /api/media', () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    support = await loginStaff(t.app, 'support@example.com', 'support12345');
  });
  afterAll(() => t.close());

  const upload = (file: Parameters<typeof form>[0], token: string | null = admin) => {
    const { payload, headers } = form(file);
    return t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    });
  };

  it('stores a picture under a new name and serves it from the answered address', async () => {
    const response = await upload({ name: 'front photo.png', type: 'image/png', bytes: PNG });
    expect(response.statusCode, response.body).toBe(201);
    assertMatchesContract('uploadMedia', response);
    const { data } = response.json();
    expect(data).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost:3000\/media\/uploads\/[0-9a-f-]{36}\.png$/),
      name: 'front photo.png',
      size: PNG.length,
    });
    const served = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');

    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'media.upload'));
    expect(entry).toMatchObject({ actorEmail: 'admin@example.com', outcome: 'success' });
  });

  it('goes by the bytes, not the name or declared type', async () => {
    const jpeg = await upload({ name: 'photo.png', type: 'application/octet-stream', bytes: JPEG });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json().data.url).toMatch(/\.jpg$/);

    const disguised = [
      { name: 'notes.png', type: 'image/png', bytes: Buffer.from('just some text, not a picture') },
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ];
    for (const file of disguised) {
      const response = await upload(file);
      expect(response.statusCode, file.name).toBe(415);
      assertMatchesContract('uploadMedia', response);
      expect(response.json().message).toBe('Only PNG, JPG, GIF or WebP images can be uploaded.');
    }
  });

  it('refuses pictures over 10 MB with a clear message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]);
    const response = await upload({ name: 'huge.png', type: 'image/png', bytes: big });
    expect(response.statusCode).toBe(413);
    assertMatchesContract('uploadMedia', response);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is larger than 10 MB.',
    });

    const exactly = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
    expect((await upload({ name: 'max.png', type: 'image/png', bytes: exactly })).statusCode).toBe(201);
  });

  it('asks for the file in the field named file', async () => {
    const response = await upload({ field: 'image', name: 'a.png', type: 'image/png', bytes: PNG });
    expect(response.statusCode).toBe(400);
    assertMatchesContract('uploadMedia', response);
    expect(response.json().errors).toContainEqual({ path: '/file', message: 'is required' });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: bearer(admin),
      payload: { file: 'iVBORw0KGgo=' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('This content type is not supported; send multipart/form-data.');
  });

  it('is for staff with the products permission only', async () => {
    expect((await upload({ name: 'a.png', type: 'image/png', bytes: PNG }, support)).statusCode).toBe(403);
    expect((await upload({ name: 'a.png', type: 'image/png', bytes: PNG }, null)).statusCode).toBe(401);
  });

  it('refuses bodies of types an operation does not take, before reading them', async () => {
    const { payload, headers } = form({ name: 'a.png', type: 'image/png', bytes: PNG });
    const multipart = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload, headers });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: 'admin@example.com',
      headers: { 'content-type': 'text/plain' },
    });
    for (const response of [multipart, text]) {
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: 'This content type is not supported; send application/json.',
      });
    }
  });
});
