import { describe, expect, it } from 'vitest';
import { resolutionSchema } from './resolution.schema';

const messagesOf = (input: unknown) => {
  const result = resolutionSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('resolution schema', () => {
  it('requires an action', () => {
    expect(messagesOf({ currency: 'USD', notes: 'x' })).toContain('action: Select an action');
  });

  it('needs an amount unless no_action, and drops amount and currency for no_action', () => {
    expect(messagesOf({ action: 'compensation', currency: 'EUR', notes: 'x' })).toEqual([
      'amount: Amount is required',
    ]);
    expect(
      resolutionSchema.parse({ action: 'no_action', amount: 5, currency: 'EUR', notes: ' ok ' }),
    ).toEqual({
      action: 'no_action',
      notes: 'ok',
    });
  });

  it('allows a replacement at no cost but not a refund of nothing, and at most two decimals', () => {
    expect(messagesOf({ action: 'replacement', amount: 0, currency: 'GBP', notes: 'x' })).toEqual([]);
    expect(messagesOf({ action: 'refund', amount: 0, currency: 'GBP', notes: 'x' })).toEqual([
      'amount: A refund must be more than 0',
    ]);
    expect(messagesOf({ action: 'partial_refund', amount: 9.555, currency: 'BDT', notes: 'x' })).toEqual([
      'amount: Amount can have at most two decimals',
    ]);
  });
});
