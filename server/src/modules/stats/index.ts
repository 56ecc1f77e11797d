// The stats module's entry for other code; its handlers are wired in service.ts.
export { conversionPercent } from './stats.repository.ts';
export { figures, lastDaysStart, usdMinorOf } from './stats.summaries.ts';
export { refreshSummaries, summariesGeneration } from './stats.summing.ts';
