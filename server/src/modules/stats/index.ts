// The stats module's entry for other code; its handlers are wired in service.ts.
export { conversionPercent } from './stats.repository.ts';
export {
  figures,
  lastDaysStart,
  refreshSummaries,
  summariesGeneration,
  usdMinorOf,
} from './stats.summaries.ts';
