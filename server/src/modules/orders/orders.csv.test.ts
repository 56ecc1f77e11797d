import { describe, expect, it } from 'vitest';
import { ORDER_EXPORT_COLUMNS, ordersCsv } from './orders.csv.ts';
import type { OrderRow } from './orders.repository.ts';

const PLACED = new Date('2026-11-05T09:30:00.000Z');

function orderRow(values: Partial<OrderRow> = {}): OrderRow {
  return {
    id: '0b8c7b5e-2f7e-4f4b-9a53-0c1d2e3f4a5b',
    orderNumber: 'ORD-20261105-0001',
    customerId: null,
    customerName: 'Nusrat Jahan',
    customerEmail: 'nusrat@example.com',
    customerPhone: null,
    channel: 'b2c',
    status: 'Confirmed',
    currency: 'USD',
    itemsMinor: 40_00,
    shippingMinor: 10_00,
    taxMinor: 4_00,
    taxBasisPoints: 1000,
    taxInclusive: false,
    taxLabel: 'Tax',
    discountMinor: 0,
    totalMinor: 54_00,
    refundedMinor: 0,
    isPaid: true,
    paidAt: PLACED,
    isDelivered: false,
    deliveredAt: null,
    refundedAt: null,
    paymentMethod: 'Credit Card',
    paymentRef: 'ch_1',
    paymentFeeMinor: 0,
    dutyMinor: 0,
    dutyLabel: null,
    codCollectedAt: null,
    codCollectedBy: null,
    codRemittedMinor: null,
    codRemittedAt: null,
    codRemittanceRef: null,
    shipFullName: 'Nusrat Jahan',
    shipAddress: 'House 7, Road 2, Banani',
    shipCity: 'Dhaka',
    shipProvince: null,
    shipPostalCode: '1213',
    shipCountry: 'BD',
    shipMobileNo: null,
    shipPhoneCountry: null,
    shipTaxNumber: null,
    logisticsServiceName: 'CAINIAO_STANDARD',
    trackingNumber: null,
    carrier: null,
    shippedAt: null,
    rate: '1.000000',
    discountPercent: '0.00',
    couponCode: null,
    campaignId: null,
    reason: null,
    notes: null,
    placedByAdminId: null,
    archivedAt: null,
    createdAt: PLACED,
    updatedAt: PLACED,
    ...values,
  };
}

/** The file's data rows as records keyed by the header. */
function parse(csv: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i];
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  const [header = [], ...data] = rows;
  return data.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

describe('the orders CSV', () => {
  it('starts with the header row and ends every line with CRLF, also when there are no orders', () => {
    expect(ordersCsv([])).toBe(`${ORDER_EXPORT_COLUMNS.join(',')}\r\n`);
  });

  it('writes amounts with two decimals in the order currency and in USD at the order’s own rate', () => {
    const [row] = parse(
      ordersCsv([
        {
          order: orderRow({
            currency: 'BDT',
            rate: '121.500000',
            itemsMinor: 1_215_00,
            discountMinor: 0,
            shippingMinor: 1_215_00,
            taxMinor: 121_50,
            totalMinor: 2_551_50,
            refundedMinor: 1_000_00,
          }),
          units: 3,
        },
      ]),
    );
    expect(row).toMatchObject({
      id: 'ORD-20261105-0001',
      date: '2026-11-05T09:30:00.000Z',
      currency: 'BDT',
      items: '3',
      itemsPrice: '1215.00',
      shippingPrice: '1215.00',
      taxPrice: '121.50',
      total: '2551.50',
      refunded: '1000.00',
      rate: '121.500000',
      // 2,551.50 / 121.5 = 21.00; 1,000.00 / 121.5 = 8.2304..., so 8.23.
      totalUsd: '21.00',
      refundedUsd: '8.23',
      payment: 'Partially Refunded',
      shippingAddress: 'House 7, Road 2, Banani, Dhaka, 1213, BD',
    });
  });

  it('quotes cells holding commas, quotes or line breaks', () => {
    const csv = ordersCsv([
      {
        order: orderRow({ customerName: 'Smith, "Jo"', notes: null, reason: 'line one\nline two' }),
        units: 1,
      },
    ]);
    expect(csv).toContain('"Smith, ""Jo"""');
    expect(csv).toContain('"line one\nline two"');
    expect(parse(csv)[0]).toMatchObject({ customer: 'Smith, "Jo"', reason: 'line one\nline two' });
  });

  it.each(['=SUM(A1:A9)', '+44 20 7946 0000', '-2+3', '@cmd'])(
    'defuses %s, which a spreadsheet would run as a formula',
    (text) => {
      const [row] = parse(ordersCsv([{ order: orderRow({ customerName: text }), units: 1 }]));
      expect(row?.customer).toBe(`'${text}`);
    },
  );
});
