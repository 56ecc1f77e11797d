import { describe, expect, it } from 'vitest';
import { summarize } from './summarize-reports.mjs';

const vitestReport = (passed, failed = 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numFailedTestSuites: failed ? 1 : 0,
  numPendingTests: 0,
  numTodoTests: 0,
});

/** A Playwright JSON report with one file holding a describe block, as `reporter: json` writes it. */
function playwrightReport(tests) {
  const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  for (const test of tests) stats[test.status === 'passed' ? 'expected' : test.status] += 1;
  return {
    stats,
    suites: [
      {
        title: 'store-app/e2e/payments.spec.ts',
        file: 'store-app/e2e/payments.spec.ts',
        specs: [],
        suites: [
          {
            title: 'paying',
            file: 'store-app/e2e/payments.spec.ts',
            specs: tests.map((test) => ({
              title: test.title,
              file: 'store-app/e2e/payments.spec.ts',
              tests: [
                { projectName: 'store-app', status: test.status === 'passed' ? 'expected' : test.status },
              ],
            })),
          },
        ],
      },
    ],
  };
}

describe('the closing line of npm test', () => {
  it('adds up every report and passes when nothing failed', () => {
    const { lines, exitCode } = summarize([
      { name: 'admin-app', report: vitestReport(349) },
      { name: 'e2e', report: playwrightReport([{ title: 'pays by card', status: 'passed' }]) },
    ]);
    expect(lines.at(-1)).toBe('350 passed, 0 failed, 0 flaky');
    expect(lines).toContain(`${'e2e'.padEnd(20)} 1 passed, 0 failed, 0 flaky`);
    expect(exitCode).toBe(0);
  });

  it('counts a journey that passed only on its retry as flaky, names it, and fails the run', () => {
    const { lines, exitCode } = summarize([
      { name: 'store-app', report: vitestReport(527) },
      {
        name: 'e2e',
        report: playwrightReport([
          { title: 'pays by card', status: 'passed' },
          { title: 'pays on the SSLCommerz page', status: 'flaky' },
        ]),
      },
    ]);
    expect(lines.at(-1)).toBe('528 passed, 0 failed, 1 flaky');
    expect(lines).toContain(
      '  [store-app] store-app/e2e/payments.spec.ts › paying › pays on the SSLCommerz page',
    );
    expect(exitCode).toBe(1);
  });

  it('fails on a failed test, a suite that did not load, a failed step, or nothing run at all', () => {
    expect(summarize([{ name: 'ui', report: vitestReport(10, 1) }]).exitCode).toBe(1);
    const broken = { ...vitestReport(0), numFailedTestSuites: 1 };
    expect(summarize([{ name: 'ui', report: broken }]).lines.at(-1)).toBe('0 passed, 1 failed, 0 flaky');
    const step = summarize([{ name: 'ui', report: vitestReport(10) }], ['typecheck']);
    expect(step.lines).toContain('Failed steps: typecheck');
    expect(step.exitCode).toBe(1);
    expect(summarize([]).exitCode).toBe(1);
  });
});
