import { describe, expect, it } from 'vitest';
import { deliveryOption } from '../testing/catalogue-fixtures';
import { cheapestOption } from './delivery';

describe('cheapest delivery option', () => {
  it('prefers a free option to any paid one, wherever it is in the list', () => {
    const options = [
      deliveryOption('CHEAP', { shipping_fee_cent: '0.50' }),
      deliveryOption('FREE', { free_shipping: true, shipping_fee_cent: '0.00' }),
    ];
    expect(cheapestOption(options)?.code).toBe('FREE');
  });

  it('otherwise takes the lowest fee, comparing amounts as numbers', () => {
    const options = [
      deliveryOption('DHL', { shipping_fee_cent: '24.60' }),
      deliveryOption('POST', { shipping_fee_cent: '9.80' }),
      deliveryOption('EMS', { shipping_fee_cent: '12.00' }),
    ];
    expect(cheapestOption(options)?.code).toBe('POST');
  });

  it('has nothing to choose from an empty list', () => {
    expect(cheapestOption([])).toBeUndefined();
  });
});
