import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallLogs, currencyRates } from '../../db/schema.ts';
import { createOutboundClient } from '../../http/outbound.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { CurrencyProviderError, refreshRates } from './currency-rates.ts';

async function listen(server: Server) {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

describe('the currency rates provider, through the guarded client', () => {
  let database: TestDatabase;
  let internal: Server;
  let provider: Server;
  let internalPort: number;
  let providerPort: number;
  const internalHits: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    internal = createServer((request, response) => {
      internalHits.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"rates":{"BDT":1}}');
    });
    internalPort = await listen(internal);
    provider = createServer((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(302, { location: `http://127.0.0.1:${internalPort}/latest` }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"rates":{"BDT":123.45}}');
    });
    providerPort = await listen(provider);
  });
  afterAll(async () => {
    await new Promise((done) => internal.close(done));
    await new Promise((done) => provider.close(done));
    await database.drop();
  });

  const db = () => database.handle.db;
  const lastLog = async () =>
    (
      await db()
        .select()
        .from(apiCallLogs)
        .where(eq(apiCallLogs.service, 'rates'))
        .orderBy(desc(apiCallLogs.at))
    )[0];

  it('fetches the rates from an allow-listed provider', async () => {
    const outbound = createOutboundClient({ allow: [{ host: '127.0.0.1', port: providerPort }] });
    const result = await refreshRates(db(), `http://127.0.0.1:${providerPort}/latest`, outbound);
    expect(result).toEqual({ updated: 1, source: 'provider' });
    const [bdt] = await db().select().from(currencyRates).where(eq(currencyRates.code, 'BDT'));
    expect(Number(bdt?.rate)).toBe(123.45);
  });

  it('never reaches an internal address, directly or by a redirect, and logs a generic failure', async () => {
    const outbound = createOutboundClient({ allow: [{ host: '127.0.0.1', port: providerPort }] });
    for (const url of [
      `http://127.0.0.1:${internalPort}/latest`,
      `http://localhost:${internalPort}/latest`,
      `http://127.0.0.1:${providerPort}/moved`,
    ]) {
      const error = await refreshRates(db(), url, outbound).catch((caught: unknown) => caught);
      expect(error, url).toBeInstanceOf(CurrencyProviderError);
      expect((error as Error).message).toBe('The rates provider could not be reached.');
      expect(await lastLog()).toMatchObject({
        outcome: 'error',
        message: 'The rates provider could not be reached.',
      });
    }
    expect(internalHits).toEqual([]);
    const [bdt] = await db().select().from(currencyRates).where(eq(currencyRates.code, 'BDT'));
    expect(Number(bdt?.rate)).toBe(123.45);
  });
});
