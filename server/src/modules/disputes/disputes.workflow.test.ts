import { describe, expect, it } from 'vitest';
import {
  ALLOWED_STATUS_MOVES,
  canMoveStatus,
  checkResolution,
  escalatedPriority,
  HOUR_MS,
  waitingHours,
} from './disputes.workflow.ts';

describe('dispute workflow', () => {
  it('never lets staff move a dispute to escalated, and closed is final', () => {
    for (const targets of Object.values(ALLOWED_STATUS_MOVES)) {
      expect(targets).not.toContain('escalated');
    }
    expect(ALLOWED_STATUS_MOVES.closed).toEqual([]);
    expect(canMoveStatus('under_review', 'resolved')).toBe(true);
    expect(canMoveStatus('resolved', 'open')).toBe(false);
    expect(canMoveStatus('open', 'open')).toBe(false);
  });

  it('raises the priority to high on escalation, keeping urgent', () => {
    expect(escalatedPriority('low')).toBe('high');
    expect(escalatedPriority('medium')).toBe('high');
    expect(escalatedPriority('urgent')).toBe('urgent');
  });

  it('needs a complete resolution to resolve, and none otherwise', () => {
    expect(checkResolution('closed', undefined)).toEqual({ resolution: null });
    expect(checkResolution('closed', { action: 'no_action', notes: 'x' })).toHaveProperty('refused');
    expect(checkResolution('resolved', undefined)).toEqual({
      errors: [{ path: '/resolution/action', message: 'Please choose a resolution action.' }],
    });
    expect(checkResolution('resolved', { action: 'no_action', amount: 5, notes: ' Fine ' })).toEqual({
      resolution: { action: 'no_action', amountMinor: null, currency: null, notes: 'Fine' },
    });
    expect(
      checkResolution('resolved', { action: 'partial_refund', amount: 0, currency: 'USD', notes: 'n' }),
    ).toEqual({ errors: [{ path: '/resolution/amount', message: 'A refund must be more than 0.' }] });
    expect(
      checkResolution('resolved', { action: 'compensation', amount: 0, currency: 'EUR', notes: 'Voucher' }),
    ).toEqual({ resolution: { action: 'compensation', amountMinor: 0, currency: 'EUR', notes: 'Voucher' } });
  });

  it('puts a refund on an order in the order’s currency: by default, and refusing any other', () => {
    const refund = { action: 'refund', amount: 1200, notes: 'Lost' } as const;
    expect(checkResolution('resolved', refund, 'BDT')).toEqual({
      resolution: { action: 'refund', amountMinor: 1200_00, currency: 'BDT', notes: 'Lost' },
    });
    expect(checkResolution('resolved', { ...refund, currency: 'BDT' }, 'BDT')).toHaveProperty('resolution');
    expect(checkResolution('resolved', { ...refund, currency: 'USD' }, 'BDT')).toEqual({
      errors: [{ path: '/resolution/currency', message: "A refund is paid in the order's currency (BDT)." }],
    });
    // Without an order there is no currency to default to.
    expect(checkResolution('resolved', refund, null)).toEqual({
      errors: [{ path: '/resolution/currency', message: 'Please choose a currency.' }],
    });
  });

  it('reads whole hours waited, or null when nobody waits', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(waitingHours(null, now)).toBeNull();
    expect(waitingHours(new Date(now.getTime() - 48 * HOUR_MS - 1), now)).toBe(48);
    expect(waitingHours(new Date(now.getTime() + 1000), now)).toBe(0);
  });

  it('refuses a fraction of a currency charged in whole units', () => {
    const resolve = (amount: number) =>
      checkResolution('resolved', { action: 'partial_refund', amount, notes: 'Half.' }, 'HUF');
    expect(resolve(1500.5)).toEqual({
      errors: [{ path: '/resolution/amount', message: 'Amounts in HUF are whole units.' }],
    });
    expect(resolve(1500)).toMatchObject({ resolution: { amountMinor: 150_000, currency: 'HUF' } });
  });
});
