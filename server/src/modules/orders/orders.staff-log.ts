import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import type { Database } from '../../db/client.ts';
import { type ApiError, conflict, notFound, validationError } from '../../http/errors.ts';
import { recordFailedAttempt, staffActivity, withActivity } from '../activity/index.ts';
import { type OrderActor, OrderChangeRejection } from './orders.status.ts';

// What the staff's order handlers share: a change stored with its activity entry, a refused attempt logged on its
// own, and a refused change answered in the contract's envelope.

export type StaffEntry = Parameters<typeof staffActivity>[2];

export const staffActor = (staff: StaffAuth): OrderActor => ({ name: staff.name, type: 'admin' });

export function fromChangeRejection(error: OrderChangeRejection): ApiError {
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'conflict':
      return conflict(error.message);
    case 'invalid':
      return validationError(error.errors, error.message);
  }
}

/** Runs a change; a rejection becomes its HTTP answer. */
export async function answering<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof OrderChangeRejection) throw fromChangeRejection(error);
    throw error;
  }
}

/** The activity log as staff changes to orders write it. */
export function staffOrderLog(db: Database) {
  return {
    /** A staff change and the activity entry it earns, stored in one transaction. */
    logged: <T>(
      request: FastifyRequest,
      staff: StaffAuth,
      change: (tx: Database) => Promise<T>,
      entry: (result: T) => StaffEntry,
    ) => withActivity(db, change, (result) => staffActivity(request, staff, entry(result))),
    /** A refused attempt: nothing changed, so its entry stands alone. */
    logRefusal: (request: FastifyRequest, staff: StaffAuth, entry: StaffEntry) =>
      recordFailedAttempt(db, request, staffActivity(request, staff, entry)),
  };
}
