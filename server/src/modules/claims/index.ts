// The claims module's entry for other code; its handlers are wired in service.ts.
export { FOLLOW_CLAIM_DISPUTES, followClaimDisputesJob } from './claims.disputes.ts';
