import { describe, expect, it } from 'vitest';
import { makeOrder } from '../testing/order-api-stub';
import { orderToCsv } from './order-export';

describe('orderToCsv', () => {
  it('writes one line per item under a header, quoting fields that hold commas or quotes', () => {
    const order = makeOrder(1, {
      customer: 'Uddin, Rahim',
      items: [
        { sku: 'A', name: 'Tote "XL"', qty: 1, price: 10.5, total: 10.5, productId: null, image: null },
        { sku: 'B', name: 'Cap', qty: 2, price: 5, total: 10, productId: null, image: null },
      ],
    });
    const lines = orderToCsv(order).trimEnd().split('\r\n');

    expect(lines).toHaveLength(3);
    expect(lines[0]?.startsWith('orderId,date,status,customer,email')).toBe(true);
    expect(lines[1]).toContain(
      'ORD-1001,2026-11-02T09:15:00.000Z,Confirmed,"Uddin, Rahim",customer1@example.com',
    );
    expect(lines[1]).toContain('A,"Tote ""XL""",1,10.5,10.5');
    expect(lines[2]).toContain('B,Cap,2,5,10');
  });
});
