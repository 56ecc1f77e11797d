import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { testConfig } from '../test/test-config.ts';
import { apiLoggerOptions, redactUrl, serializeError } from './log-redaction.ts';

describe('the log keeps no secrets', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let hash: string;

  beforeAll(async () => {
    hash = await hashPassword('a-password-never-logged');
    const database = await createTestDatabase({ seed: true });
    drop = database.drop;
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      logger: { ...(apiLoggerOptions('info') as object), stream },
    });
    // A failure the way a database reports one: the failed query and every bound value.
    app.get('/api/test-only/failing-query', async () => {
      throw new Error(
        `Failed query: insert into "customers" ("email", "password_hash") values ($1, $2)\nparams: x@example.com,${hash}`,
      );
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('after sign-ins, an order paid by card, a token in the address and a failing query', async () => {
    const shopper = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'shopper@example.com', password: 'shopper123' },
    });
    const token = shopper.json().token as string;
    await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'admin@example.com', password: 'wrong-password-typed' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        items: [{ product: '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', sku_id: 'A', quantity: 1 }],
        shippingAddress: { address: 'Road 5', city: 'Dhaka', country: 'BD', zip: '1205' },
        paymentMethod: 'Credit Card',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      },
    });
    await app.inject({ method: 'GET', url: `/api/user/profile?token=${token}` });
    const failed = await app.inject({ method: 'GET', url: '/api/test-only/failing-query' });
    expect(failed.statusCode).toBe(500);

    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('/api/user/profile?token=[redacted]');
    for (const secret of [
      token,
      hash,
      'a-password-never-logged',
      'wrong-password-typed',
      '4242424242424242',
      'shopper123',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('scrubs errors and addresses', () => {
    const error = new Error('Failed query: select 1\nparams: $argon2id$v=19$m=65536,t=3,p=4$abc$def');
    expect(JSON.stringify(serializeError(error))).not.toContain('argon2id');
    expect(serializeError(new Error('card 4242 4242 4242 4242 declined')).message).not.toContain('4242 4242');
    expect(redactUrl('/api/x?token=abc&page=2')).toBe('/api/x?token=[redacted]&page=[redacted]');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});
