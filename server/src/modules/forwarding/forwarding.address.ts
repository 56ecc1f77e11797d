import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, supplierParcels } from '../../db/schema.ts';
import type { FieldError } from '../../http/errors.ts';
import { type ActivityEntry, insertActivity } from '../activity/index.ts';
import { addressProblem } from '../marketplace/index.ts';
import { ADDRESS_LOCKED } from '../order-lifecycle/index.ts';
import { PARCEL_NOT_FOUND, ParcelRejection } from './forwarding.parcels.ts';

export interface ParcelAddressInput {
  fullName: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  mobileNo: string;
  taxNumber: string;
}

export const ADDRESS_LOCKED_MESSAGE = 'The address can no longer change: the order has shipped.';

/** The address fields the marketplace would refuse, checked as it checks them (country from the order). */
export function addressFieldErrors(country: string, input: ParcelAddressInput): FieldError[] {
  const problem = addressProblem({
    ...input,
    country,
    phoneCountry: '',
  });
  if (!problem) return [];
  return [{ path: /CPF/.test(problem) ? 'taxNumber' : 'postalCode', message: problem }];
}

/**
 * Saves a corrected shipping address on the parcel's order, with its activity entry, once it passes the
 * marketplace's own checks. The country stays: the order was priced and quoted for it.
 * Answers the field errors when it does not pass (nothing saved).
 */
export async function saveParcelAddress(
  db: Database,
  input: { orderRef: string; parcelId: string; address: ParcelAddressInput; now?: Date },
  activity: (order: typeof orders.$inferSelect) => ActivityEntry,
): Promise<FieldError[]> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [parcel] = await tx.select().from(supplierParcels).where(eq(supplierParcels.id, input.parcelId));
    if (!parcel) throw new ParcelRejection('not_found', PARCEL_NOT_FOUND);
    const [order] = await tx.select().from(orders).where(eq(orders.id, parcel.orderId)).for('update');
    if (!order || (order.id !== input.orderRef && order.orderNumber !== input.orderRef)) {
      throw new ParcelRejection('not_found', PARCEL_NOT_FOUND);
    }
    if (ADDRESS_LOCKED.includes(order.status)) throw new ParcelRejection('conflict', ADDRESS_LOCKED_MESSAGE);
    const errors = addressFieldErrors(order.shipCountry, input.address);
    if (errors.length > 0) return errors;
    const { address } = input;
    await tx
      .update(orders)
      .set({
        shipFullName: address.fullName.trim(),
        shipAddress: address.address.trim(),
        shipCity: address.city.trim(),
        shipProvince: address.province.trim() || null,
        shipPostalCode: address.postalCode.trim(),
        shipMobileNo: address.mobileNo.trim() || null,
        shipTaxNumber: address.taxNumber.trim() || null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await insertActivity(tx, activity(order));
    return [];
  });
}
