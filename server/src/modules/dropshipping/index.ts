// The dropshipping module (marketplace import, sync and delivery quotes): its entry for other code. Its handlers
// are wired in service.ts.
export { marketplaceSyncJob } from './dropshipping.sync.ts';
