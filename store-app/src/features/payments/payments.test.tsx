import type { Schemas } from '@shop/sdk/types';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { languageApplied } from '../../i18n/i18n';
import { browserNavigation } from '../../lib/leave-to';
import { customerSession } from '../../lib/session';
import { json, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { customerToken } from '../../test/tokens';
import { DEFAULT_SETTINGS, settingsStore } from '../settings/settings-store';

// The app leaves for the provider's page through this method; a spy keeps the test on the page.
let leaveTo: MockInstance<typeof browserNavigation.leaveTo>;
beforeEach(() => {
  leaveTo = vi.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => {});
});

afterEach(() => {
  leaveTo.mockRestore();
});

function order(overrides: Partial<Schemas['Order']> = {}): Schemas['Order'] {
  return {
    _id: 'order-7',
    orderNumber: 'ORD-20261127-0007',
    user: 'user-1',
    items: [],
    shippingAddress: { address: 'House 12', city: 'Dhaka', postalCode: '1205', country: 'BD' },
    paymentMethod: 'SSLCommerz',
    currency: 'BDT',
    itemsPrice: 4860,
    shippingPrice: 0,
    taxPrice: 486,
    totalPrice: 5346,
    discountPrice: 0,
    couponCode: null,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    status: 'Placed',
    statusHistory: [],
    createdAt: '2026-11-27T10:45:00.000Z',
    paymentStatus: 'Unpaid',
    carrier: null,
    trackingNumber: null,
    refundedPrice: 0,
    refunds: [],
    canCancel: true,
    canPay: true,
    ...overrides,
  };
}

function openReturn(outcome: string, answers: Array<Schemas['Order']>) {
  let calls = 0;
  const stub = stubApi({
    'GET /order/order-7': () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return json(200, { success: true, data: answer });
    },
    'POST /order/order-7/payment': () =>
      json(200, { success: true, data: { redirectUrl: 'https://sandbox.sslcommerz.test/EasyCheckOut/abc' } }),
  });
  customerSession.signIn(customerToken());
  renderApp(`/payment/return?order=order-7&outcome=${outcome}`);
  return { ...stub, calls: () => calls };
}

describe('back from the payment provider', () => {
  it('thanks the shopper once the order is paid', async () => {
    openReturn('paid', [order({ isPaid: true, canPay: false, paymentStatus: 'Paid', status: 'Confirmed' })]);
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(screen.getByText(/ORD-20261127-0007 is paid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/order/order-7');
  });

  it('waits for the provider while it has not confirmed, and shows the payment when it does', async () => {
    const { calls } = openReturn('pending', [order(), order({ isPaid: true, canPay: false })]);
    expect(await screen.findByText('Waiting for the payment provider…')).toBeInTheDocument();
    expect(
      await screen.findByText('Payment received. Thank you!', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(calls()).toBeGreaterThanOrEqual(2);
  });

  it('offers to pay again after a declined payment, on a new checkout at the provider', async () => {
    const user = userEvent.setup();
    const { requests } = openReturn('failed', [order()]);
    expect(await screen.findByText('The payment did not go through.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith('https://sandbox.sslcommerz.test/EasyCheckOut/abc'),
    );
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/order/order-7/payment'))).toBe(true);
  });

  it('says so in Spanish when the shopper cancelled on the provider page', async () => {
    await act(async () => {
      settingsStore.set({ ...DEFAULT_SETTINGS, language: 'es' });
      await languageApplied();
    });
    openReturn('cancelled', [order()]);
    expect(await screen.findByText('El pago se canceló.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});
