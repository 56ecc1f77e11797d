import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkDiscount, localDateTime, toLocalInput } from './discount.schema';

const schema = z
  .object({
    type: z.enum(['percentage', 'fixed', 'free_shipping']),
    value: z.number().optional(),
    startsAt: localDateTime('Choose when it starts.'),
    endsAt: localDateTime('Choose when it ends.'),
  })
  .superRefine(checkDiscount);

const START = '2026-12-01T09:30';
const END = '2026-12-31T18:00';

/** The messages a form would show, by field. */
function problems(values: Record<string, unknown>) {
  const result = schema.safeParse({ type: 'percentage', value: 10, startsAt: START, endsAt: END, ...values });
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe('checkDiscount', () => {
  it('accepts a percentage from 1 to 100, a fixed amount above 0, and free shipping without a value', () => {
    expect(problems({ value: 1 })).toEqual({});
    expect(problems({ value: 100 })).toEqual({});
    expect(problems({ type: 'fixed', value: 0.5 })).toEqual({});
    expect(problems({ type: 'free_shipping', value: undefined })).toEqual({});
  });

  it.each([0, 100.5, undefined])('refuses a percentage of %s', (value) => {
    expect(problems({ value })).toEqual({ value: ['A percentage must be from 1 to 100.'] });
  });

  it.each([0, -5, undefined])('refuses a fixed amount of %s', (value) => {
    expect(problems({ type: 'fixed', value })).toEqual({ value: ['A fixed amount must be more than 0.'] });
  });

  it('wants the end after the start', () => {
    expect(problems({ endsAt: START })).toEqual({ endsAt: ['The end must be after the start.'] });
    expect(problems({ startsAt: END, endsAt: START })).toEqual({
      endsAt: ['The end must be after the start.'],
    });
  });
});

describe('localDateTime', () => {
  it('gives its message for an empty value or one that is not a date', () => {
    expect(problems({ startsAt: '' }).startsAt?.[0]).toBe('Choose when it starts.');
    expect(problems({ endsAt: 'soon' }).endsAt?.[0]).toBe('Choose when it ends.');
  });
});

describe('toLocalInput', () => {
  it('turns an instant into the datetime-local value of the same moment', () => {
    const iso = '2026-12-01T00:00:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(local).toISOString()).toBe(iso);
  });

  it('answers an empty value for text that is not a date', () => {
    expect(toLocalInput('not a date')).toBe('');
  });
});
