import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, parcelClaims, parcelItems, refunds, supplierParcels } from '../../db/schema.ts';
import { BASE_RATE, convertMinor } from '../../money/money.ts';
import type { ClaimStatus } from './claims.repository.ts';

export interface ClaimReportRow {
  key: string;
  label: string;
  claims: number;
  open: number;
  reshipments: number;
  /** Refunded through claims, in USD minor units, each converted with its order's rate. */
  refundedUsdMinor: number;
}

/** Claims grouped by the parcel's supplier or by the claimed products. */
export async function claimReport(db: Database, by: 'supplier' | 'product'): Promise<ClaimReportRow[]> {
  // Each claim with its refund (if any) and, by product, one line per product its parcel carries.
  const claims = await db
    .select({
      id: parcelClaims.id,
      status: parcelClaims.status,
      rate: orders.rate,
      refundMinor: refunds.amountMinor,
      supplierId: supplierParcels.supplierId,
      supplierName: supplierParcels.supplierName,
    })
    .from(parcelClaims)
    .innerJoin(orders, eq(orders.id, parcelClaims.orderId))
    .innerJoin(supplierParcels, eq(supplierParcels.id, parcelClaims.parcelId))
    .leftJoin(refunds, eq(refunds.id, parcelClaims.refundId));
  // Converted with the rate the order was priced at, as every report does.
  const usdOf = (minor: number, rate: string) => (minor > 0 ? convertMinor(minor, rate, BASE_RATE) : 0);
  const groups = new Map<string, ClaimReportRow>();
  const add = (key: string, label: string, status: ClaimStatus, refundedUsdMinor: number) => {
    const row = groups.get(key) ?? { key, label, claims: 0, open: 0, reshipments: 0, refundedUsdMinor: 0 };
    row.claims += 1;
    if (status === 'open') row.open += 1;
    if (status === 'reshipped') row.reshipments += 1;
    row.refundedUsdMinor += refundedUsdMinor;
    groups.set(key, row);
  };
  if (by === 'supplier') {
    for (const claim of claims) {
      const refunded = usdOf(claim.refundMinor ?? 0, claim.rate);
      add(claim.supplierId ?? '', claim.supplierName ?? '', claim.status, refunded);
    }
  } else {
    const lines = await db
      .select({
        claimId: parcelClaims.id,
        productId: orderItems.productId,
        aeProductId: parcelItems.aeProductId,
        name: orderItems.name,
        lineTotalMinor: orderItems.lineTotalMinor,
        lineQuantity: orderItems.quantity,
        quantity: parcelItems.quantity,
      })
      .from(parcelClaims)
      .innerJoin(parcelItems, eq(parcelItems.parcelId, parcelClaims.parcelId))
      .innerJoin(orderItems, eq(orderItems.id, parcelItems.orderItemId));
    const byClaim = new Map<string, typeof lines>();
    for (const line of lines) byClaim.set(line.claimId, [...(byClaim.get(line.claimId) ?? []), line]);
    for (const claim of claims) {
      const parts = (byClaim.get(claim.id) ?? []).map((line) => ({
        key: line.productId ?? line.aeProductId,
        label: line.name,
        value: (line.lineTotalMinor * line.quantity) / line.lineQuantity,
      }));
      const total = parts.reduce((sum, part) => sum + part.value, 0);
      const refunded = usdOf(claim.refundMinor ?? 0, claim.rate);
      // A refund is shared among the parcel's products by their value.
      for (const part of parts) {
        add(part.key, part.label, claim.status, total > 0 ? Math.round((refunded * part.value) / total) : 0);
      }
    }
  }
  return [...groups.values()].sort((a, b) => b.claims - a.claims || a.label.localeCompare(b.label));
}
