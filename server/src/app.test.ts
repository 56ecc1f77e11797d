import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('closing the app', () => {
  let t: TestApp;
  let release: () => void = () => {};
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test-only/slow', async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { success: true, data: 'finished' };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('lets in-flight requests finish, refuses new ones, and then stops', async () => {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/test-only/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: 'finished' });
    expect(response.headers.get('connection')).toBe('close');
    // The keep-alive connection ends with that answer, so the close completes at once instead of after 72 s.
    await Promise.race([
      closing,
      new Promise((_, reject) => setTimeout(() => reject(new Error('close hung')), 3000)),
    ]);
    expect(closed).toBe(true);
  });
});
