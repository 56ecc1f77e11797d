// Counts results from the test runners' JSON reports and prints the closing line "N passed, N failed, N flaky".
// A Playwright journey that failed and then passed on its retry is flaky: it is named, and it fails the run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Names of a Playwright report's flaky tests: "[project] file › describe › title". */
function flakyNamesOf(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const project = test.projectName ? `[${test.projectName}] ` : '';
        names.push(`${project}${[spec.file ?? suite.file, ...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A top-level suite is a file: its title is the file name, already in the spec's `file`.
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

export function countsOf(report) {
  if (report.stats && 'expected' in report.stats) {
    // Playwright: `expected` passed at once, `flaky` passed only on a retry, `unexpected` failed every try.
    const { expected, flaky, unexpected, skipped } = report.stats;
    return { passed: expected, failed: unexpected, flaky, skipped, flakyNames: flakyNamesOf(report) };
  }
  // Vitest (Jest-compatible JSON): a suite that failed to load has no failed tests but is a failure.
  const failedTests = report.numFailedTests ?? 0;
  const brokenSuites = failedTests === 0 ? (report.numFailedTestSuites ?? 0) : 0;
  return {
    passed: report.numPassedTests ?? 0,
    failed: failedTests + brokenSuites,
    flaky: 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flakyNames: [],
  };
}

const line = ({ passed, failed, flaky }) => `${passed} passed, ${failed} failed, ${flaky} flaky`;

/**
 * @param {{ name: string, report: object }[]} reports each runner's JSON report, by name
 * @param {string[]} failedSteps steps that failed outside any report (typecheck, lint, a build)
 * @returns {{ lines: string[], exitCode: number }}
 */
export function summarize(reports, failedSteps = []) {
  const total = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  const flakyNames = [];
  const lines = [];
  for (const { name, report } of reports) {
    const counts = countsOf(report);
    for (const key of Object.keys(total)) total[key] += counts[key];
    flakyNames.push(...counts.flakyNames);
    lines.push(`${name.padEnd(20)} ${line(counts)}`);
  }
  if (flakyNames.length > 0) {
    lines.push(
      '',
      'Flaky (failed, then passed on the retry; fix the cause):',
      ...flakyNames.map((n) => `  ${n}`),
    );
  }
  if (failedSteps.length > 0) lines.push('', `Failed steps: ${failedSteps.join('; ')}`);
  lines.push('', `${line(total)}${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  const ok = total.failed === 0 && total.flaky === 0 && failedSteps.length === 0 && total.passed > 0;
  return { lines, exitCode: ok ? 0 : 1 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, ...failedSteps] = process.argv.slice(2);
  const reports = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), report: JSON.parse(readFileSync(join(dir, f), 'utf8')) }));
  const { lines, exitCode } = summarize(reports, failedSteps);
  console.log(lines.join('\n'));
  process.exit(exitCode);
}
