import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { products, stores } from '../db/schema.ts';
import { insertTestProduct } from '../modules/orders/orders.fixtures.ts';

export interface TestVendor {
  id: string;
  name: string;
  email: string;
  password: string;
}

let created = 0;

/** An approved vendor store with a sign-in, written straight to the database (as if staff had approved it). */
export async function createVendor(
  db: Database,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    status?: 'active' | 'pending' | 'rejected' | 'suspended';
  } = {},
): Promise<TestVendor> {
  created += 1;
  const password = overrides.password ?? 'vendor-pass-42';
  const email = overrides.email ?? `vendor${created}.${Date.now()}@example.org`;
  const name = overrides.name ?? `Test Vendor ${created}`;
  const [row] = await db
    .insert(stores)
    .values({
      name,
      email,
      kind: 'vendor',
      status: overrides.status ?? 'active',
      passwordHash: await hashPassword(password),
    })
    .returning({ id: stores.id });
  if (!row) throw new Error('store insert returned no row');
  return { id: row.id, name, email, password };
}

/** Signs the vendor in through the API and answers the token. */
export async function vendorToken(app: FastifyInstance, vendor: Pick<TestVendor, 'email' | 'password'>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/vendor/login',
    payload: { email: vendor.email, password: vendor.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

/** A new approved vendor and its token. */
export async function signedInVendor(app: FastifyInstance, db: Database, overrides: { name?: string } = {}) {
  const vendor = await createVendor(db, overrides);
  return { ...vendor, token: await vendorToken(app, vendor) };
}

/**
 * A vendor's product as shoppers see it (published, approved by staff) with one SKU, written straight to the
 * database; `fields` set other columns, such as `approval: 'pending'`. A null store leaves it without one.
 */
export async function insertVendorProduct(
  db: Database,
  storeId: string | null,
  options: {
    title?: string;
    skuId?: string;
    priceMinor?: number;
    stock?: number;
    fields?: Partial<typeof products.$inferInsert>;
  } = {},
): Promise<{ id: string; skuId: string }> {
  const skuId = options.skuId ?? `sku-${randomUUID()}`;
  const product = await insertTestProduct(db, {
    title: options.title,
    source: 'vendor',
    skus: [{ skuId, salePriceMinor: options.priceMinor ?? 2500, stock: options.stock ?? 5 }],
  });
  await db
    .update(products)
    .set({ storeId, approval: 'approved', status: 'published', ...options.fields })
    .where(eq(products.id, product.id));
  return { id: product.id, skuId };
}
