// The forwarding module's entry for other code; its handlers are wired in service.ts.
export { trackForwardedOrdersJob } from './forwarding.jobs.ts';
export { toForwarding } from './forwarding.view.ts';
