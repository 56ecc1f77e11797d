// The stats module's entry for other code; its handlers are wired in service.ts.
export { conversionPercent } from './stats.repository.ts';
export { figure, refreshSummaries } from './stats.summaries.ts';
