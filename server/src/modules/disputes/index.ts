// The disputes module's entry for other code; its handlers are wired in service.ts.
export { countDisputesWaitingOver, countUnreadSupportMessages } from './disputes.repository.ts';
