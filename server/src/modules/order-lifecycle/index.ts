// What every module that touches an order shares: its statuses, the moves between them, how a request names an
// order. It sits below orders, refunds and forwarding so that none of them needs another for these.
export {
  ADDRESS_LOCKED,
  ALLOWED_MOVES,
  ARCHIVABLE,
  AWAITING_SHIPMENT,
  canMove,
  forbiddenMoveMessage,
  holdsStock,
  type OrderStatus,
  SHOPPER_CANCELLABLE,
} from './order-lifecycle.ts';
export { ORDER_NOT_FOUND, orderNamed } from './order-named.ts';
