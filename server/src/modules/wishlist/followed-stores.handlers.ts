import { requireCustomer } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  type FollowedStoreRow,
  findActiveStore,
  findPublicStore,
  followStore,
  listFollowedStores,
  unfollowStore,
} from './followed-stores.repository.ts';

export const STORE_NOT_FOUND = 'Store not found.';

const toEntry = (row: FollowedStoreRow) => ({
  _id: row.id,
  store: { _id: row.store.id, name: row.store.name, email: row.store.email },
});

/** Spec 3 §4: follow adds unless present; unfollow removes. */
export function createFollowedStoreHandlers(deps: { db: Database }) {
  const { db } = deps;
  return {
    getStore: operation('getStore', async (request) => {
      const { id } = request.params;
      const store = isUuid(id) ? await findPublicStore(db, id) : null;
      if (!store) throw notFound(STORE_NOT_FOUND);
      return {
        success: true,
        data: {
          _id: store.id,
          name: store.name,
          logo: store.logo,
          description: store.description,
          country: store.country,
          productCount: store.productCount,
          followers: store.followers,
          createdAt: store.createdAt.toISOString(),
        },
      };
    }),

    listFollowedStores: operation('listFollowedStores', async (request) => {
      const customer = requireCustomer(request);
      return { success: true, data: (await listFollowedStores(db, customer.id)).map(toEntry) };
    }),

    followStore: operation('followStore', async (request) => {
      const customer = requireCustomer(request);
      const { storeId } = request.body;
      if (!isUuid(storeId) || !(await findActiveStore(db, storeId))) throw notFound(STORE_NOT_FOUND);
      return {
        success: true,
        message: 'Store followed.',
        data: toEntry(await followStore(db, customer.id, storeId)),
      };
    }),

    unfollowStore: operation('unfollowStore', async (request) => {
      const customer = requireCustomer(request);
      const { storeId } = request.body;
      if (isUuid(storeId)) await unfollowStore(db, customer.id, storeId);
      return { success: true, message: 'Store unfollowed.', data: { storeId } };
    }),
  };
}
