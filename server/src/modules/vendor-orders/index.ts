// The vendor orders module's entry for other code; its handlers are wired in service.ts.
export { holdsStoreLine } from './vendor-orders.repository.ts';
