import { describe, expect, it } from 'vitest';
import { formatWaitingHours, waitingOf } from './waiting';

describe('waiting for support', () => {
  it('reads hours, then days and hours', () => {
    expect(formatWaitingHours(0)).toBe('less than 1h');
    expect(formatWaitingHours(5)).toBe('5h');
    expect(formatWaitingHours(24)).toBe('1d');
    expect(formatWaitingHours(52)).toBe('2d 4h');
  });

  it('is overdue only past the 48-hour promise, and absent when nobody waits', () => {
    expect(waitingOf({ waitingSince: '2026-11-20T08:00:00.000Z', waitingHours: 48 })).toEqual({
      text: 'Waiting for support: 2d',
      overdue: false,
    });
    expect(waitingOf({ waitingSince: '2026-11-20T08:00:00.000Z', waitingHours: 49 })?.overdue).toBe(true);
    expect(waitingOf({ waitingSince: null, waitingHours: null })).toBeNull();
  });
});
