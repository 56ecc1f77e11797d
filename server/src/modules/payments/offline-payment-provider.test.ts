import { describe, expect, it } from 'vitest';
import { createPaymentProvider } from './create-payment-provider.ts';
import { DECLINED_MESSAGES, passesLuhn } from './offline-payment-provider.ts';
import { PaymentError } from './payment-error.ts';
import type { CardDetails } from './payments.types.ts';

const provider = createPaymentProvider({ provider: 'offline', now: () => new Date('2026-11-22T10:00:00Z') });

const card = (number: string, overrides: Partial<CardDetails> = {}): CardDetails => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

const chargeCard = (details: CardDetails, amountMinor = 19_99) =>
  provider.charge({ method: 'Credit Card', amountMinor, currency: 'USD', card: details, reference: 'ORD-1' });

describe('passesLuhn', () => {
  it('accepts numbers whose check digit is right and refuses the rest', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242424242a2')).toBe(false);
  });
});

describe('the offline payment provider', () => {
  it('charges 4242 4242 4242 4242 and other Luhn-valid cards with a ch_ reference', async () => {
    for (const number of ['4242 4242 4242 4242', '5555-5555-5555-4444', '378282246310005']) {
      const result = await chargeCard(card(number, { cvc: number.startsWith('37') ? '1234' : '123' }));
      expect(result.status, number).toBe('paid');
      if (result.status === 'paid') expect(result.gatewayRef).toMatch(/^ch_[0-9a-f]{24}$/);
    }
  });

  it('gives every charge its own reference', async () => {
    const first = await chargeCard(card('4242424242424242'));
    const second = await chargeCard(card('4242424242424242'));
    expect(first.status === 'paid' && second.status === 'paid').toBe(true);
    if (first.status === 'paid' && second.status === 'paid') {
      expect(first.gatewayRef).not.toBe(second.gatewayRef);
    }
  });

  it('declines the test numbers for a declined card and for insufficient funds', async () => {
    expect(await chargeCard(card('4000 0000 0000 0002'))).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect(await chargeCard(card('4000000000009995'))).toEqual({
      status: 'declined',
      message: 'Your card has insufficient funds.',
    });
  });

  it('declines numbers that fail the Luhn check, expired cards and bad security codes', async () => {
    expect(await chargeCard(card('4242424242424241'))).toEqual({
      status: 'declined',
      message: DECLINED_MESSAGES.incorrectNumber,
    });
    expect(await chargeCard(card('4242'))).toMatchObject({ message: DECLINED_MESSAGES.incorrectNumber });
    // Good through the end of its month: October 2026 has passed, November 2026 has not.
    expect(await chargeCard(card('4242424242424242', { expMonth: 10, expYear: 2026 }))).toEqual({
      status: 'declined',
      message: DECLINED_MESSAGES.expired,
    });
    expect((await chargeCard(card('4242424242424242', { expMonth: 11, expYear: 26 }))).status).toBe('paid');
    expect(await chargeCard(card('4242424242424242', { cvc: '12' }))).toMatchObject({
      message: DECLINED_MESSAGES.incorrectCvc,
    });
    expect(
      await provider.charge({ method: 'Credit Card', amountMinor: 100, currency: 'USD', reference: 'ORD-2' }),
    ).toMatchObject({ status: 'declined', message: DECLINED_MESSAGES.missingCard });
  });

  it('accepts PayPal', async () => {
    const result = await provider.charge({
      method: 'PayPal',
      amountMinor: 5_00,
      currency: 'EUR',
      reference: 'ORD-3',
    });
    expect(result).toMatchObject({ status: 'paid', gatewayRef: expect.stringMatching(/^ch_/) });
  });

  it('refuses to charge nothing', async () => {
    await expect(chargeCard(card('4242424242424242'), 0)).rejects.toBeInstanceOf(PaymentError);
  });

  it('refunds its own charges with an re_ reference and refuses unknown ones', async () => {
    const charged = await chargeCard(card('4242424242424242'));
    if (charged.status !== 'paid') throw new Error('the test card was not charged');
    const refund = await provider.refund({
      gatewayRef: charged.gatewayRef,
      amountMinor: 5_00,
      currency: 'USD',
    });
    expect(refund.gatewayRef).toMatch(/^re_[0-9a-f]{24}$/);
    await expect(
      provider.refund({ gatewayRef: 'pi_unknown', amountMinor: 5_00, currency: 'USD' }),
    ).rejects.toThrow('No such charge: pi_unknown');
  });

  it('knows its own charges from references staff recorded by hand', async () => {
    const charged = await chargeCard(card('4242424242424242'));
    if (charged.status !== 'paid') throw new Error('the test card was not charged');
    expect(provider.ownsCharge(charged.gatewayRef)).toBe(true);
    expect(provider.ownsCharge('BANK-TRX-20261122-77')).toBe(false);
  });

  it('is the provider createPaymentProvider builds for offline', () => {
    expect(createPaymentProvider({ provider: 'offline' }).name).toBe('offline');
  });
});
