import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take 10 s or more, longest first (measured in CI, 2026-11-27). Vitest starts the longest files first
 * when it remembers their durations, but a clean checkout remembers none and starts the largest files instead:
 * the contract fuzz test then began two minutes in and ran 80 s alone at the end while the other worker idled.
 */
const SLOWEST = [
  'src/test/fuzz/contract-fuzz.test.ts',
  'src/modules/orders/orders.money.property.test.ts',
  'src/test/reliability/idempotency-faults.test.ts',
  'src/jobs/job-queue.test.ts',
  'src/auth/login-throttle-ceiling.test.ts',
  'src/modules/backups/backups.test.ts',
  'src/modules/mail/mail.sender.test.ts',
  'src/http/http.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = SLOWEST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? SLOWEST.length : index;
};

/** Vitest's order (remembered durations, else size), with the known slowest files moved to the front. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
