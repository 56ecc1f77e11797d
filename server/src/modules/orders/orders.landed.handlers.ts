import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount } from '../../money/money.ts';
import type { DeliveryQuoter } from './orders.delivery.ts';
import { fromRejection, PRODUCT_NOT_FOR_SALE } from './orders.handlers.ts';
import { appliedDuty, landedCost } from './orders.landed.ts';
import { OrderRejection } from './orders.priced.ts';
import { appliedTax } from './orders.view.ts';

/** The product page's landed cost: one line priced by checkout's own code, with its delivery window. */
export function createLandedCostHandlers(deps: { db: Database; quoteDelivery?: DeliveryQuoter }) {
  const { db, quoteDelivery } = deps;
  return {
    getLandedCost: operation('getLandedCost', async (request) => {
      const { id } = request.params;
      const { sku_id: skuId, quantity = 1, country = 'BD', currency = 'BDT', service } = request.query;
      if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOR_SALE);
      let landed: Awaited<ReturnType<typeof landedCost>>;
      try {
        landed = await landedCost(db, {
          productId: id,
          skuId,
          quantity,
          country,
          currency,
          service: service?.trim() || null,
          customerId: request.auth?.kind === 'customer' ? request.auth.id : null,
          ...(quoteDelivery ? { quoteDelivery } : {}),
        });
      } catch (error) {
        if (!(error instanceof OrderRejection)) throw error;
        // A product shoppers cannot buy has no landed cost: as unknown as a missing one.
        if (error.kind === 'not_for_sale') throw notFound(PRODUCT_NOT_FOR_SALE);
        throw fromRejection(error);
      }
      const { priced, line, service: chosen, window } = landed;
      const { totals, rules } = priced;
      return {
        success: true,
        data: {
          product: line.product.id,
          sku_id: line.sku.skuId,
          quantity: line.line.quantity,
          country: country.toUpperCase(),
          currency: priced.currency,
          unitPrice: toAmount(line.unitPriceMinor),
          itemsPrice: toAmount(totals.itemsMinor),
          shippingPrice: toAmount(totals.shippingMinor),
          taxPrice: toAmount(totals.taxMinor),
          dutyPrice: toAmount(totals.dutyMinor),
          totalPrice: toAmount(totals.totalMinor),
          tax: appliedTax(rules),
          duty: appliedDuty(rules, priced.rate, priced.currency),
          deliveryPolicy: rules.deliveryPolicy ?? 'store_rule',
          delivery: chosen,
          window,
        },
      };
    }),
  };
}
