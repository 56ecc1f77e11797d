import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import {
  deliveryAnswer,
  listPage,
  productAnswer,
  reviewsAnswer,
  shirt,
} from '../../catalogue/testing/catalogue-fixtures';

const store = {
  _id: 's1',
  name: 'Dhaka Craft House',
  logo: null,
  description: null,
  country: 'BD',
  productCount: 4,
  followers: 2,
  createdAt: '2026-10-01T00:00:00.000Z',
};

const review = {
  _id: 'r1',
  name: 'Ada',
  createdAt: '2026-11-01T10:00:00.000Z',
  rating: 4,
  comment: 'Fits well.',
  helpful: 3,
  unhelpful: 1,
};

function stubPage(extra: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return stubApi({
    'GET /product/shirt': () => productAnswer(shirt({ storeId: 's1' })),
    'POST /logistic': () => deliveryAnswer([]),
    'GET /reviews/product/shirt': () => reviewsAnswer([review]),
    'GET /product/': () => listPage([]),
    'GET /stores/s1': () => json(200, { success: true, data: store }),
    ...extra,
  });
}

describe('the product page names its store and takes votes on reviews', () => {
  it('links to the store that sells the product', async () => {
    stubPage();
    renderApp('/products/shirt');
    const soldBy = await screen.findByRole('group', { name: 'Sold by' });
    expect(within(soldBy).getByRole('link', { name: 'Dhaka Craft House' })).toHaveAttribute(
      'href',
      '/stores/s1',
    );
    expect(within(soldBy).getByRole('button', { name: 'Follow Dhaka Craft House' })).toBeInTheDocument();
  });

  it('records a signed-in shopper’s vote and shows the new count', async () => {
    let helpful = 3;
    const { requests } = stubPage({
      'GET /reviews/product/shirt': () => reviewsAnswer([{ ...review, helpful }]),
      'GET /followed-stores/': () => json(200, { success: true, data: [] }),
      'POST /reviews/r1/vote': () => {
        helpful = 4;
        return json(200, { success: true, data: { ...review, helpful } });
      },
    });
    customerSession.signIn(customerToken());
    renderApp('/products/shirt');

    const article = within(await screen.findByRole('article', { name: 'Review by Ada' }));
    await userEvent.click(article.getByRole('button', { name: /^Helpful \(3\)/ }));
    expect(await article.findByRole('button', { name: /^Helpful \(4\)/ })).toBeInTheDocument();
    const vote = requests.find(
      (request) => request.method === 'POST' && request.url.endsWith('/reviews/r1/vote'),
    );
    expect(await vote?.json()).toEqual({ helpful: true });
  });

  it('sends a signed-out shopper to sign in before voting', async () => {
    const { requests } = stubPage();
    const { router } = renderApp('/products/shirt');
    const article = within(await screen.findByRole('article', { name: 'Review by Ada' }));
    await userEvent.click(article.getByRole('button', { name: /^Not helpful \(1\)/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((request) => request.url.includes('/vote'))).toBe(false);
  });
});
