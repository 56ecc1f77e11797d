import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { jsonResponse, makeProduct, stubApi } from './testing/product-api-stub';

const detail = {
  ...makeProduct(
    7,
    { images: ['https://img.test/7-a.jpg'], price: 18.99, currency: 'USD' },
    'TWS Wireless Earbuds',
  ),
  rate: 1,
  description: '<p>Sound.</p>',
  skus: [],
};

describe('review photos in moderation', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('shows each review’s photos beside it, and hides the review with its photos', async () => {
    let hidden = false;
    const review = () => ({
      _id: 'rv-1',
      name: 'Rita Buyer',
      rating: 1,
      comment: 'Arrived cracked.',
      helpful: 0,
      unhelpful: 0,
      createdAt: '2026-11-20T10:00:00.000Z',
      hidden,
      customerId: 'c-1',
      photos: [
        { _id: 'ph-1', url: 'https://media.test/uploads/crack.jpg', width: 800, height: 600 },
        { _id: 'ph-2', url: 'https://media.test/uploads/box.jpg', width: 800, height: 600 },
      ],
    });
    const plain = {
      _id: 'rv-2',
      name: 'Omar Other',
      rating: 4,
      comment: 'Fine.',
      helpful: 0,
      unhelpful: 0,
      createdAt: '2026-11-19T10:00:00.000Z',
      hidden: false,
      customerId: 'c-2',
      photos: [],
    };
    const api = stubApi({
      'GET /product/p-7': () => jsonResponse(200, { success: true, data: detail }),
      'GET /reviews/admin/product/p-7': () =>
        jsonResponse(200, { success: true, data: [review(), plain], meta: { page: 1, limit: 5, total: 2 } }),
      'POST /reviews/rv-1/visibility': () => {
        hidden = true;
        return jsonResponse(200, { success: true, message: 'Review hidden.', data: review() });
      },
    });
    const { user } = renderApp('/manage-admin/products/product-viewer?id=p-7');

    const reviews = within(await screen.findByRole('list', { name: 'Reviews' }));
    const item = within(reviews.getByRole('listitem', { name: 'Review by Rita Buyer' }));
    const photos = within(item.getByRole('list', { name: 'Photos by Rita Buyer' }));
    expect(photos.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Photo 1 by Rita Buyer',
      'Photo 2 by Rita Buyer',
    ]);
    expect(photos.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://media.test/uploads/crack.jpg',
      'https://media.test/uploads/box.jpg',
    ]);
    expect(screen.queryByRole('list', { name: 'Photos by Omar Other' })).not.toBeInTheDocument();

    await user.click(item.getByRole('button', { name: 'Hide review by Rita Buyer' }));
    await waitFor(() => expect(api.sentTo('POST /reviews/rv-1/visibility')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Show review by Rita Buyer' })).toBeInTheDocument();
    // Staff still see the photos of a hidden review, so they can judge it again.
    expect(screen.getByRole('list', { name: 'Photos by Rita Buyer' })).toBeInTheDocument();
  });
});
