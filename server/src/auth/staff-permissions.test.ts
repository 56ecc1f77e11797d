import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermission } from '../db/schema.ts';
import { assertMatchesContract, type ContractOperation, contractOperations } from '../test/contract.ts';
import { bearer, limitedStaffToken } from '../test/sessions.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const FORBIDDEN = { success: false, code: 'FORBIDDEN', message: 'You do not have permission to do this.' };
const SOME_UUID = '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f';

/** The permission scopes the contract asks of staff for an operation (`adminBearer: [orders]`). */
const scopesOf = (op: ContractOperation): AdminPermission[] =>
  op.security.flatMap((alternative) => (alternative.adminBearer ?? []) as AdminPermission[]);

/** Every staff operation that names the permission it needs. */
const scoped = contractOperations.filter((op) => scopesOf(op).length > 0);

/** A call the contract accepts apart from the permission: valid path parameters and the example body. */
function callOf(op: ContractOperation, token: string) {
  const payload = op.spec.requestBody?.content?.['application/json']?.example as object | undefined;
  return {
    method: op.method.toUpperCase() as 'GET',
    url: `/api${op.path.replaceAll(/\{\w+\}/g, SOME_UUID)}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  };
}

describe('permission scopes of staff operations', () => {
  let t: TestApp;
  /** A viewer who may see the dashboard and nothing else. */
  let dashboardOnly: string;
  /** For operations that ask for the dashboard itself: a viewer with no permission at all. */
  let nothing: string;
  const holders = new Map<AdminPermission, string>();

  beforeAll(async () => {
    t = await createTestApp();
    dashboardOnly = await limitedStaffToken(t.app, t.db, ['dashboard']);
    nothing = await limitedStaffToken(t.app, t.db, []);
    for (const scope of new Set(scoped.flatMap(scopesOf))) {
      holders.set(scope, await limitedStaffToken(t.app, t.db, [scope], 'Support'));
    }
  });
  afterAll(() => t.close());

  it('covers the order and refund operations of the contract', () => {
    const ids = scoped.map((op) => op.operationId);
    expect(ids).toEqual(
      expect.arrayContaining(['listAdminOrders', 'changeOrderStatus', 'exportOrders', 'createRefund']),
    );
    expect(ids.length).toBeGreaterThanOrEqual(17);
  });

  it.each(scoped.map((op) => [op.operationId, op] as const))(
    '%s answers 403 to staff without its permission',
    async (_id, op) => {
      const token = scopesOf(op).includes('dashboard') ? nothing : dashboardOnly;
      const response = await t.app.inject(callOf(op, token));
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
      assertMatchesContract(op.operationId, response);
    },
  );

  it.each(scoped.map((op) => [op.operationId, op] as const))(
    '%s lets staff holding exactly its permission past the check',
    async (_id, op) => {
      const [scope] = scopesOf(op);
      const token = scope ? holders.get(scope) : undefined;
      if (!token) throw new Error(`no staff holds ${scope}`);
      const response = await t.app.inject(callOf(op, token));
      // Whatever the call finds (a missing order is 404), it is not refused for want of permission.
      expect(response.statusCode, response.body).not.toBe(403);
      expect(response.statusCode, response.body).not.toBe(401);
    },
  );
});
