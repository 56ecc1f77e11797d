import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPENAPI_PATH } from '../app.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bodyTypes } from './contract-routes.ts';

// The contract's routes are made once per process and shared by every app built in it (contract-routes.ts): each
// app must still answer from its own handlers, database and sign-ins.
describe('two apps built in one process', () => {
  let seeded: TestApp;
  let empty: TestApp;
  beforeAll(async () => {
    seeded = await createTestApp({ seed: true });
    empty = await createTestApp();
  });
  afterAll(async () => {
    await seeded.close();
    await empty.close();
  });

  it('answer each from its own database', async () => {
    const list = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/product/?page=1&limit=5&country=BD&currency=USD' });
    const [fromSeeded, fromEmpty] = await Promise.all([list(seeded), list(empty)]);
    expect(fromSeeded.statusCode).toBe(200);
    expect(fromSeeded.json().data.length).toBeGreaterThan(0);
    expect(fromEmpty.statusCode).toBe(200);
    expect(fromEmpty.json().data).toEqual([]);
  });

  it('check sign-ins against their own staff, before any input is read', async () => {
    const login = await seeded.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'admin@example.com', password: 'admin12345' },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token ?? login.json().data.token;
    const orders = (t: TestApp) =>
      t.app.inject({
        method: 'GET',
        url: '/api/orders?page=1&limit=1',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await orders(seeded)).statusCode).toBe(200);
    // The other app has no such staff member; a bad query is still answered 401, not 400.
    expect((await orders(empty)).statusCode).toBe(401);
    const badQuery = await empty.app.inject({
      method: 'GET',
      url: '/api/orders?page=zero',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(badQuery.statusCode).toBe(401);
  });

  it('read every type of body the contract takes', () => {
    const types = [...bodyTypes(parse(readFileSync(OPENAPI_PATH, 'utf8')))];
    expect(types).toEqual(expect.arrayContaining(['application/json', 'multipart/form-data']));
    for (const type of types) expect(empty.app.hasContentTypeParser(type), type).toBe(true);
  });
});
