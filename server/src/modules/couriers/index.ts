// The couriers module's entry for other code; its handlers are wired in service.ts.
export { courierTrackingJob } from './couriers.jobs.ts';
