import { describe, expect, it } from 'vitest';
import { readLogText, truncateTitle } from './log-text';

describe('readLogText', () => {
  it('reads the title, first image, item id and discount price', () => {
    const view = readLogText(
      JSON.stringify({
        ae_item_base_info_dto: {
          subject: 'Earbuds',
          item_id: 1005006841234567,
          discount_price: '18.99',
          currency_code: 'USD',
        },
        ae_multimedia_info_dto: { image_urls: 'https://img/1.jpg;https://img/2.jpg' },
      }),
    );
    expect(view).toEqual({
      title: 'Earbuds',
      image: 'https://img/1.jpg',
      itemId: '1005006841234567',
      discountPrice: '18.99',
      currencyCode: 'USD',
    });
  });

  it.each(['{not json', '"a string"', '[1,2]', 'null', ''])('gives null for %j', (logText) => {
    expect(readLogText(logText)).toBeNull();
  });

  it('leaves out what the record lacks', () => {
    expect(
      readLogText('{"ae_item_base_info_dto":{"subject":"  "},"ae_multimedia_info_dto":{"image_urls":""}}'),
    ).toEqual({
      title: undefined,
      image: undefined,
      itemId: undefined,
      discountPrice: undefined,
      currencyCode: undefined,
    });
  });
});

describe('truncateTitle', () => {
  it("keeps titles up to the limit and cuts longer ones followed by '...'", () => {
    expect(truncateTitle('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncateTitle('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
  });
});
