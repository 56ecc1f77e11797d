import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

const earbuds = { _id: 'p1', name: 'TWS Earbuds', image: null };
const lamp = { _id: 'p2', name: 'LED Desk Lamp', image: null };

const review = (rating: number, product = earbuds) => ({
  _id: `r-${product._id}`,
  name: 'Demo Shopper',
  rating,
  comment: 'Works well.',
  helpful: 3,
  unhelpful: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  hidden: false,
  product,
});

function stubReviews(extra: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  return stubApi({
    'GET /reviews/mine': (request) => {
      const rating = new URL(request.url).searchParams.get('rating');
      const all = [review(5)];
      const data = rating ? all.filter((entry) => entry.rating === Number(rating)) : all;
      return json(200, { success: true, data, meta: { page: 1, limit: 50, total: data.length } });
    },
    'GET /reviews/reviewable': () =>
      json(200, {
        success: true,
        data: [{ product: lamp, orderId: 'o2', orderNumber: 'ORD-20261120-0007', deliveredAt: null }],
      }),
    ...extra,
  });
}

describe('My Reviews', () => {
  it('lists the shopper’s reviews with the star filter All, 5 to 1', async () => {
    stubReviews();
    customerSession.signIn(customerToken());
    renderApp('/profile/my-reviews');

    const list = await screen.findByRole('list', { name: 'My Reviews' });
    expect(within(list).getByRole('link', { name: 'TWS Earbuds' })).toBeInTheDocument();
    expect(within(list).getByText('Helpful: 3 · Not helpful: 1')).toBeInTheDocument();
    const filter = screen.getByRole('radiogroup', { name: 'Filter by rating' });
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent ?? radio.getAttribute('value')),
    ).toHaveLength(6);

    await userEvent.click(within(filter).getByText('4 stars'));
    expect(await screen.findByText('No reviews with 4 stars.')).toBeInTheDocument();
  });

  it('writes a review of a delivered product, asking for a rating first', async () => {
    const { requests } = stubReviews({
      'POST /reviews': async (request) => {
        const body = (await request.json()) as { rating: number };
        return json(201, { success: true, data: review(body.rating, lamp) });
      },
    });
    customerSession.signIn(customerToken());
    renderApp('/profile/my-reviews');

    await userEvent.click(await screen.findByRole('button', { name: 'Write a review of LED Desk Lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(within(dialog).getByText('Please choose a rating.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    // Mantine's Rating takes the choice from the star's label, as a pointer does.
    const fourStars = within(dialog).getByRole('radio', { name: '4 stars' });
    await userEvent.click(dialog.querySelector(`label[for="${fourStars.id}"]`) as HTMLElement);
    expect(fourStars).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Your review'), 'Bright and steady.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(within(dialog).queryByText('Please choose a rating.')).not.toBeInTheDocument();

    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST');
    expect(await post?.json()).toEqual({ productId: 'p2', rating: 4, comment: 'Bright and steady.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('edits the shopper’s own review with PUT, and says why when the server refuses', async () => {
    stubReviews({
      'PUT /reviews/r-p1': () => apiError(404, 'NOT_FOUND', 'Review not found.'),
    });
    customerSession.signIn(customerToken());
    renderApp('/profile/my-reviews');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit your review of TWS Earbuds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Your Review' });
    expect(within(dialog).getByLabelText('Your review')).toHaveValue('Works well.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Review not found.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Your Review' })).toBeInTheDocument();
  });
});
