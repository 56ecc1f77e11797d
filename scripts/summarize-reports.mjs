// Counts results from the test runners' JSON reports and prints the closing line "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...failedSteps] = process.argv.slice(2);

function countsOf(report) {
  if (report.stats && 'expected' in report.stats) {
    // Playwright: a flaky test passed on retry.
    const { expected, flaky, unexpected, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  // Vitest (Jest-compatible JSON): a suite that failed to load has no failed tests but is a failure.
  const failedTests = report.numFailedTests ?? 0;
  const brokenSuites = failedTests === 0 ? (report.numFailedTestSuites ?? 0) : 0;
  return {
    passed: report.numPassedTests ?? 0,
    failed: failedTests + brokenSuites,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const counts = countsOf(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  for (const key of Object.keys(total)) total[key] += counts[key];
  console.log(`${file.replace(/\.json$/, '').padEnd(20)} ${counts.passed} passed, ${counts.failed} failed`);
}
if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 || failedSteps.length > 0 || total.passed === 0 ? 1 : 0);
