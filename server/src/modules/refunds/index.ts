// The refunds module's entry for other code; its handlers are wired in service.ts.
export { payBackThrough } from './refund-payer.ts';
export {
  createRefund,
  type PayBack,
  RefundRejection,
  type RefundView,
  refundableMinor,
  refundLockedOrder,
} from './refunds.repository.ts';
export { refundNumber, toRefund } from './refunds.view.ts';
