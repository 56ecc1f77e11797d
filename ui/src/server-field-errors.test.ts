import { describe, expect, it, vi } from 'vitest';
import { applyServerFieldErrors } from './server-field-errors';

type Values = { city: string; amount: number; shippingAddress: { city: string } };

const envelope = (...errors: Array<{ path: string; message: string }>) => ({
  success: false,
  code: 'VALIDATION_ERROR',
  message: errors[0]?.message ?? 'Invalid input',
  errors,
});

describe('applyServerFieldErrors', () => {
  it('puts each error on the field its pointer names, nested ones too, and says so', () => {
    const setError = vi.fn();
    const placed = applyServerFieldErrors<Values>(
      envelope(
        { path: '/shippingAddress/city', message: 'City is required.' },
        { path: '/unknown', message: 'x' },
      ),
      ['city', 'shippingAddress.city'],
      setError,
    );
    expect(placed).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('shippingAddress.city', { message: 'City is required.' });
  });

  it('reads pointers under the body property a form fills', () => {
    const setError = vi.fn();
    applyServerFieldErrors<Values>(
      envelope({ path: '/resolution/amount', message: 'Too much.' }),
      ['amount'],
      setError,
      'resolution',
    );
    expect(setError).toHaveBeenCalledWith('amount', { message: 'Too much.' });
  });

  it('answers false for an error that is not the API envelope or names no field of the form', () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors<Values>(new Error('offline'), ['city'], setError)).toBe(false);
    expect(
      applyServerFieldErrors<Values>(envelope({ path: '/zip', message: 'Bad zip.' }), ['city'], setError),
    ).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
