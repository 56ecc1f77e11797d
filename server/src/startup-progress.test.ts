import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_REPEAT_MS, startupProgress } from './startup-progress.ts';

describe('start-up progress reports', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports each step at once, repeats it while it runs, and stops once the API listens', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const progress = startupProgress((message) => sent.push(message.preparing));

    progress.step('applying migrations');
    expect(sent).toEqual(['applying migrations']);
    vi.advanceTimersByTime(STEP_REPEAT_MS * 2);
    expect(sent).toEqual(['applying migrations', 'applying migrations', 'applying migrations']);

    progress.step('seeding demo data');
    vi.advanceTimersByTime(STEP_REPEAT_MS);
    expect(sent.slice(3)).toEqual(['seeding demo data', 'seeding demo data']);

    progress.done();
    vi.advanceTimersByTime(STEP_REPEAT_MS * 3);
    expect(sent).toHaveLength(5);
  });
});
