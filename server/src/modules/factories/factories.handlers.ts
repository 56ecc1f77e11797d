import type { components } from '@shop/sdk/types';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { toAmount } from '../../money/money.ts';
import { staffActivity } from '../activity/index.ts';
import {
  assignProducts,
  type FactoryRow,
  factoryStats,
  findFactory,
  insertFactory,
  listFactories,
  listFactoryOrders,
  listFactoryProducts,
  storeEmailTaken,
  updateFactory,
} from './factories.repository.ts';
import { factoryChanges, factoryFieldErrors } from './factories.validation.ts';

type Factory = components['schemas']['Factory'];

export const FACTORY_NOT_FOUND = 'Factory not found.';
export const STORE_EMAIL_TAKEN = 'A store with this email already exists.';
export const NOTHING_TO_CHANGE = 'Nothing to change.';

/** How the activity log names a factory it is about. */
export const factoryTarget = (id: string) => `store:${id}`;

export function toFactory(row: FactoryRow): Factory {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    description: row.description,
    status: row.status,
    products: row.products,
    d2cOrders: row.d2cOrders,
    revenue: toAmount(row.revenueMinor),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Domestic D2C Management: the factories that supply the store directly, their products and their orders. */
export function createFactoryHandlers(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function existingFactory(id: string): Promise<FactoryRow> {
    const row = await findFactory(db, id);
    if (!row) throw notFound(FACTORY_NOT_FOUND);
    return row;
  }

  return {
    listFactories: operation('listFactories', async (request) => {
      const { page = 1, limit = 20, q, status } = request.query;
      const [{ rows, total }, stats] = await Promise.all([
        listFactories(db, { q, status }, { offset: (page - 1) * limit, limit }),
        factoryStats(db, now()),
      ]);
      const { d2cRevenueMinor, ...counts } = stats;
      return {
        success: true,
        data: rows.map(toFactory),
        meta: { page, limit, total },
        stats: { ...counts, d2cRevenue: toAmount(d2cRevenueMinor), currency: 'USD' as const },
      };
    }),

    createFactory: operation('createFactory', async (request, reply) => {
      const staff = requireStaff(request);
      const errors = factoryFieldErrors(request.body, 'create');
      if (errors.length > 0) throw validationError(errors, errors[0]?.message);
      const changes = factoryChanges(request.body);
      const values = {
        name: changes.name ?? '',
        email: changes.email ?? '',
        phone: changes.phone ?? null,
        country: changes.country ?? null,
        description: changes.description ?? null,
      };
      if (await storeEmailTaken(db, values.email)) throw conflict(STORE_EMAIL_TAKEN);
      const id = await insertFactory(db, values, (created) =>
        staffActivity(request, staff, { action: 'factory.create', target: factoryTarget(created) }),
      );
      void reply.code(201);
      return { success: true, message: `${values.name} added.`, data: toFactory(await existingFactory(id)) };
    }),

    getFactory: operation('getFactory', async (request) => {
      return { success: true, data: toFactory(await existingFactory(request.params.id)) };
    }),

    updateFactory: operation('updateFactory', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const { status, ...fields } = request.body;
      const errors = factoryFieldErrors(fields, 'update');
      if (errors.length > 0) throw validationError(errors, errors[0]?.message);
      const changes = { ...factoryChanges(fields), ...(status ? { status } : {}) };
      if (Object.keys(changes).length === 0) throw badRequest(NOTHING_TO_CHANGE);
      if (changes.email !== undefined && (await storeEmailTaken(db, changes.email, id))) {
        throw conflict(STORE_EMAIL_TAKEN);
      }
      const action =
        Object.keys(changes).length === 1 && status
          ? status === 'active'
            ? 'factory.activate'
            : 'factory.suspend'
          : 'factory.update';
      const updated = await updateFactory(
        db,
        id,
        changes,
        staffActivity(request, staff, { action, target: factoryTarget(id) }),
      );
      if (!updated) throw notFound(FACTORY_NOT_FOUND);
      const row = await existingFactory(id);
      const message =
        action === 'factory.suspend'
          ? `${row.name} is suspended: its products are off the storefront.`
          : action === 'factory.activate'
            ? `${row.name} is active: its products are back on the storefront.`
            : 'Factory updated.';
      return { success: true, message, data: toFactory(row) };
    }),

    listFactoryProducts: operation('listFactoryProducts', async (request) => {
      const { id } = request.params;
      const { page = 1, limit = 20 } = request.query;
      await existingFactory(id);
      const { rows, total } = await listFactoryProducts(db, id, { offset: (page - 1) * limit, limit });
      return {
        success: true,
        data: rows.map((row) => ({
          _id: row.id,
          productId: row.productId,
          title: row.title,
          status: row.status,
          price: toAmount(row.priceMinor),
          currency: row.currency,
          stock: row.stock,
          image: row.images[0] ?? null,
        })),
        meta: { page, limit, total },
      };
    }),

    assignFactoryProducts: operation('assignFactoryProducts', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const { productIds } = request.body;
      const result = await assignProducts(
        db,
        id,
        productIds,
        staffActivity(request, staff, { action: 'factory.assign_products', target: factoryTarget(id) }),
      );
      if (!result) throw notFound(FACTORY_NOT_FOUND);
      if (result.missing > 0) {
        throw notFound(
          result.missing === 1
            ? 'One of the products was not found; none were assigned.'
            : `${result.missing} of the products were not found; none were assigned.`,
        );
      }
      const row = await existingFactory(id);
      const n = productIds.length;
      return {
        success: true,
        message: `${n} ${n === 1 ? 'product' : 'products'} assigned to ${row.name}.`,
        data: toFactory(row),
      };
    }),

    listFactoryOrders: operation('listFactoryOrders', async (request) => {
      const { id } = request.params;
      const { page = 1, limit = 20 } = request.query;
      await existingFactory(id);
      const { rows, total } = await listFactoryOrders(db, id, { offset: (page - 1) * limit, limit });
      return {
        success: true,
        data: rows.map((row) => ({
          _id: row.id,
          orderNumber: row.orderNumber,
          date: row.createdAt.toISOString(),
          customer: row.customerName,
          email: row.customerEmail,
          total: toAmount(row.totalMinor),
          currency: row.currency,
          status: row.status,
          channel: row.channel,
        })),
        meta: { page, limit, total },
      };
    }),
  };
}
