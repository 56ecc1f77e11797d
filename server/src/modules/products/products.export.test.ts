import { describe, expect, it } from 'vitest';
import { csvCell } from '../../lib/csv.ts';
import { toCsv } from './products.export.ts';

describe('csvCell', () => {
  it('puts a quote before text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('+1-555')).toBe("'+1-555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('defuses every item of a joined list, and tab or carriage-return starts', () => {
    expect(csvCell(['gift', '=cmd|"/c calc"!A1', '@SUM(1)'])).toBe(`"gift;'=cmd|""/c calc""!A1;'@SUM(1)"`);
    expect(csvCell(['-2+3', 'ok'])).toBe("'-2+3;ok");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
  });

  it('quotes commas, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('Hub, 7 in 1')).toBe('"Hub, 7 in 1"');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('TWS Earbuds')).toBe('TWS Earbuds');
    expect(csvCell(18.99)).toBe('18.99');
    expect(csvCell(null)).toBe('');
    // A listed item is defused too (spreadsheets splitting on ';' would run it).
    expect(csvCell(['a', '=b'])).toBe("a;'=b");
  });
});

describe('toCsv', () => {
  it('writes the header and one CRLF-ended row per product', () => {
    const csv = toCsv([
      {
        _id: 'id-1',
        productId: '900',
        title: '=cmd',
        status: 'draft',
        source: 'manual',
        price: 1.5,
        originalPrice: null,
        currency: 'USD',
        stock: 3,
        categoryId: null,
        skuIds: ['s1', 's2'],
        tags: ['@tag'],
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '_id,productId,title,status,source,price,originalPrice,currency,stock,categoryId,skuIds,tags,createdAt',
      "id-1,900,'=cmd,draft,manual,1.5,,USD,3,,s1;s2,'@tag,2026-11-22T10:00:00.000Z",
      '',
    ]);
  });
});
