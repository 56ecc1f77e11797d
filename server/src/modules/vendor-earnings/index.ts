// The vendor earnings module's entry for other code; its handlers are wired in service.ts.
export { type StoreLinesPaid, storeLinesPaid } from './vendor-earnings.figures.ts';
export { postDeliveredVendorLines, reverseRefundedVendorLines } from './vendor-earnings.posting.ts';
