import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../../test/contract.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the API and its database up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: 'up' } });
    assertMatchesContract('getHealth', response);
  });

  it('answers 503 with the database down once the database stops answering', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database unreachable.',
      data: { status: 'degraded', database: 'down' },
    });
    assertMatchesContract('getHealth', response);
  });
});
