// The orders module's entry for other code; its handlers are wired in service.ts. What modules below orders
// need of an order (statuses, moves, how one is named) lives in order-lifecycle.
export { priceDeliveryOptions } from './orders.delivery.ts';
export { abandonedCheckoutsJob } from './orders.jobs.ts';
export { OrderRejection, type PricedOrder, priceOrder } from './orders.priced.ts';
export { computeOrderTotals } from './orders.pricing.ts';
export type { OrderItemRow, OrderRow } from './orders.repository.ts';
export { changeStatus, OrderChangeRejection } from './orders.status.ts';
export { paymentStatusOf } from './orders.view.ts';
