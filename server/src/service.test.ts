import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesContract, type ContractOperation, contractOperations } from './test/contract.ts';
import { bearer, createStaff, loginStaff, registerShopper } from './test/sessions.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * The operations still answering 501. Implementing one means removing it here (and from
 * NOT_IMPLEMENTED_OPERATIONS in service.ts); this list only ever shrinks.
 */
const STILL_NOT_IMPLEMENTED: string[] = [];

describe('the service behind the contract', () => {
  let t: TestApp;
  let staffToken: string;
  let shopperToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createStaff(t.db, { email: 'root@example.com', password: 'root-password-1', role: 'SuperAdmin' });
    staffToken = await loginStaff(t.app, 'root@example.com', 'root-password-1');
    shopperToken = (await registerShopper(t.app)).token;
  });
  afterAll(() => t.close());

  it('routes every operation of openapi.yaml under /api', () => {
    expect(contractOperations.length).toBeGreaterThan(30);
    for (const op of contractOperations) {
      const url = `/api${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
      const method = op.method.toUpperCase() as 'GET';
      // Routes are matched with and without a trailing slash; Fastify stores one of the two forms.
      const routed =
        t.app.hasRoute({ method, url }) || t.app.hasRoute({ method, url: url.replace(/\/$/, '') });
      expect(routed, `${method} ${url}`).toBe(true);
    }
  });

  /** A call the contract accepts: its example body, valid path parameters and the token its security asks for. */
  function exampleCall(op: ContractOperation) {
    const url = `/api${op.path}`.replace(
      /\{id\}/,
      op.path.startsWith('/product/aliexpress') ? '1005006218437795' : '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f',
    );
    const schemes = op.security.flatMap((alternative) => Object.keys(alternative));
    const headers = schemes.includes('adminBearer')
      ? bearer(staffToken)
      : schemes.includes('customerBearer')
        ? bearer(shopperToken)
        : {};
    const payload = op.spec.requestBody?.content?.['application/json']?.example as object | undefined;
    return t.app.inject({
      method: op.method.toUpperCase() as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  }

  it('answers 501 exactly for the operations not built yet', async () => {
    const answering501: string[] = [];
    const statuses: Record<string, number> = {};
    // Logging out ends the tokens every other call uses, so those calls go last.
    const endsSession = (op: ContractOperation) => Number(/^(admin|customer)Logout$/.test(op.operationId));
    for (const op of [...contractOperations].sort((a, b) => endsSession(a) - endsSession(b))) {
      const response = await exampleCall(op);
      statuses[op.operationId] = response.statusCode;
      if (response.statusCode !== 501) continue;
      answering501.push(op.operationId);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_IMPLEMENTED',
        message: `${op.operationId} is not implemented yet`,
      });
      assertMatchesContract(op.operationId, response);
    }
    // A 400 here would mean the example call no longer passes validation and hides the 501.
    expect(answering501.sort(), JSON.stringify(statuses)).toEqual(STILL_NOT_IMPLEMENTED);
  });
});
