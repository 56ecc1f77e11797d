import { describe, expect, it } from 'vitest';
import { makeOrder } from '../testing/order-api-stub';
import { timelineEnding, timelineSteps } from './order-timeline';

const reached = (steps: ReturnType<typeof timelineSteps>) =>
  steps.filter((step) => step.reached).map((step) => step.label);

describe('order timeline', () => {
  it('counts a skipped step as reached once a later one is', () => {
    const order = makeOrder(1, {
      status: 'Shipped',
      statusHistory: [
        { status: 'Placed', date: '2026-11-02T09:15:00.000Z', by: 'shopper', note: null },
        { status: 'Shipped', date: '2026-11-04T09:15:00.000Z', by: 'Store Admin', note: 'DHL' },
      ],
    });
    const steps = timelineSteps(order);

    expect(reached(steps)).toEqual(['Order Placed', 'Payment Confirmed', 'Processing', 'Shipped']);
    expect(steps[2]?.date).toBeNull();
    expect(steps[3]).toMatchObject({ date: '2026-11-04T09:15:00.000Z', by: 'Store Admin', note: 'DHL' });
  });

  it('reaches Payment Confirmed by payment alone, dated when paid', () => {
    const order = makeOrder(1, {
      status: 'Placed',
      statusHistory: [{ status: 'Placed', date: '2026-11-02T09:15:00.000Z', by: 'shopper', note: null }],
    });
    const steps = timelineSteps(order);

    expect(reached(steps)).toEqual(['Order Placed', 'Payment Confirmed']);
    expect(steps[1]?.date).toBe(order.payment.paidAt);
    expect(timelineEnding(order)).toBeNull();
  });

  it('ends a failed order with its reason', () => {
    const order = makeOrder(1, { status: 'Failed', reason: 'Supplier out of stock' });
    expect(timelineEnding(order)).toMatchObject({ status: 'Failed', reason: 'Supplier out of stock' });
  });
});
