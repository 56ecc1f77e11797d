import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import {
  deliveryAnswer,
  listPage,
  productAnswer,
  reviewsAnswer,
  shirt,
} from '../../catalogue/testing/catalogue-fixtures';

const review = (id: string, name: string, rating: number, photos: string[] = []) => ({
  _id: id,
  name,
  rating,
  comment: `${name} says hello.`,
  helpful: 0,
  unhelpful: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  photos: photos.map((photo) => ({
    _id: photo,
    url: `https://img.test/${photo}.jpg`,
    width: 800,
    height: 600,
  })),
});

function openShirt(reviews: ReturnType<typeof review>[], summary: unknown) {
  stubApi({
    'GET /product/shirt': () => productAnswer(shirt()),
    'POST /logistic': () => deliveryAnswer([]),
    'GET /reviews/product/shirt': () => reviewsAnswer(reviews),
    'GET /reviews/product/shirt/summary': () => json(200, { success: true, data: summary }),
    'GET /product/': () => listPage([]),
  });
  renderApp('/products/shirt');
}

const SUMMARY = {
  average: 4.2,
  total: 5,
  withPhotos: 1,
  counts: [
    { rating: 5, count: 3 },
    { rating: 4, count: 1 },
    { rating: 3, count: 0 },
    { rating: 2, count: 0 },
    { rating: 1, count: 1 },
  ],
};

describe('reviews on the product page', () => {
  it('shows the rating breakdown: the average and a bar per star, 5 down to 1', async () => {
    openShirt([review('r1', 'Ada', 5)], SUMMARY);
    const breakdown = await screen.findByRole('region', { name: 'Rating breakdown' });
    expect(within(breakdown).getByText('4.2')).toBeInTheDocument();
    expect(within(breakdown).getByText('5 reviews')).toBeInTheDocument();
    expect(
      within(breakdown)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual([
      '5 out of 5: 3 reviews',
      '4 out of 5: 1 review',
      '3 out of 5: 0 reviews',
      '2 out of 5: 0 reviews',
      '1 out of 5: 1 review',
    ]);
    const bars = breakdown.querySelectorAll('.mantine-Progress-section');
    expect([...bars].map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['60', '20', '0', '0', '20']);
  });

  it('leaves the breakdown out while the product has no reviews', async () => {
    openShirt([], {
      ...SUMMARY,
      average: 0,
      total: 0,
      withPhotos: 0,
      counts: SUMMARY.counts.map((c) => ({ ...c, count: 0 })),
    });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rating breakdown' })).not.toBeInTheDocument();
  });

  it('puts reviews with photos first and shows their photos', async () => {
    openShirt([review('r1', 'Ada', 5), review('r2', 'Bo', 4, ['p1', 'p2'])], SUMMARY);
    await screen.findByRole('article', { name: 'Review by Bo' });
    const articles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(articles.filter((label) => label?.startsWith('Review by'))).toEqual([
      'Review by Bo',
      'Review by Ada',
    ]);
    const photos = screen.getByRole('list', { name: 'Photos by Bo' });
    expect(
      within(photos)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://img.test/p1.jpg', 'https://img.test/p2.jpg']);
  });
});
