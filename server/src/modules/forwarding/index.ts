// The forwarding module's entry for other code; its handlers are wired in service.ts.
export type { FailureClass } from './forwarding.failures.ts';
export { autoForwardOrdersJob, trackForwardedOrdersJob } from './forwarding.jobs.ts';
export {
  type ParcelAttempt,
  type ParcelOutcome,
  ParcelRejection,
  type ParcelRow,
  type ParcelView,
  parcelsOf,
  placeParcel,
} from './forwarding.parcels.ts';
export { toForwarding } from './forwarding.view.ts';
