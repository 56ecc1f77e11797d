// The carts module's entry for other code; its handlers are wired in service.ts. Placing an order asks it whether
// the order was recovered; the dashboard and Analytics read the recovered figures.

export { CART_REMINDERS, cartRemindersJob } from './carts.jobs.ts';
export { cartLinks } from './carts.links.ts';
export { markRecoveredOrder, recoveredTotals } from './carts.recovered.ts';
