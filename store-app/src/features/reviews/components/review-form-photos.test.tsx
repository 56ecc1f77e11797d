import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

const earbuds = { _id: 'p1', name: 'TWS Earbuds', image: null };
const photo = (id: string) => ({
  _id: id,
  url: `http://localhost:3000/media/uploads/${id}.jpg`,
  width: 800,
  height: 600,
});

const review = (photos: ReturnType<typeof photo>[]) => ({
  _id: 'r1',
  name: 'Demo Shopper',
  rating: 4,
  comment: 'Works well.',
  helpful: 0,
  unhelpful: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  hidden: false,
  photos,
  product: earbuds,
});

function stubMyReviews(photos: ReturnType<typeof photo>[], extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /reviews/mine': () =>
      json(200, { success: true, data: [review(photos)], meta: { page: 1, limit: 50, total: 1 } }),
    'GET /reviews/reviewable': () => json(200, { success: true, data: [] }),
    'PUT /reviews/r1': () => json(200, { success: true, data: review(photos) }),
    ...extra,
  });
}

const picture = (name: string, type = 'image/jpeg', size = 4) =>
  new File([new Uint8Array(size)], name, { type });

async function openEditor() {
  customerSession.signIn(customerToken());
  const { container } = renderApp('/profile/my-reviews');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit your review of TWS Earbuds' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Your Review' });
  const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { dialog, input };
}

describe('review photos in the review form', () => {
  it('shows the review’s photos in My Reviews', async () => {
    stubMyReviews([photo('a1'), photo('a2')]);
    customerSession.signIn(customerToken());
    renderApp('/profile/my-reviews');
    const photos = await screen.findByRole('list', { name: 'Photos by Demo Shopper' });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Photo 1 by Demo Shopper', 'Photo 2 by Demo Shopper']);
  });

  it('removes a kept photo and uploads a new one when the review is saved', async () => {
    const { requests } = stubMyReviews([photo('a1'), photo('a2')], {
      'DELETE /reviews/r1/photos/a1': () => json(200, { success: true, data: review([photo('a2')]) }),
      'POST /reviews/r1/photos': () => json(201, { success: true, data: review([photo('a2'), photo('n1')]) }),
    });
    const user = userEvent.setup();
    const { dialog, input } = await openEditor();

    expect(within(dialog).getByText('2 of 5')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    await user.upload(input, picture('arrived.jpg'));
    expect(within(dialog).getByRole('button', { name: 'Remove arrived.jpg' })).toBeInTheDocument();
    expect(within(dialog).getByText('2 of 5')).toBeInTheDocument();
    // Nothing is sent before Save.
    expect(requests.some((request) => request.method !== 'GET')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
    const sent = requests.filter((request) => request.method !== 'GET');
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'PUT /api/reviews/r1',
      'DELETE /api/reviews/r1/photos/a1',
      'POST /api/reviews/r1/photos',
    ]);
    const uploaded = (await sent[2]?.formData())?.get('file');
    expect((uploaded as File).name).toBe('arrived.jpg');
  });

  it('refuses files that are not pictures or too large, and stops at five', async () => {
    stubMyReviews([photo('a1'), photo('a2'), photo('a3')]);
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, input } = await openEditor();

    await user.upload(input, picture('notes.pdf', 'application/pdf'));
    expect(within(dialog).getByText('notes.pdf is not a PNG, JPG, GIF or WebP picture.')).toBeInTheDocument();
    await user.upload(input, picture('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    expect(within(dialog).getByText('huge.jpg is larger than 10 MB.')).toBeInTheDocument();

    await user.upload(input, [picture('one.jpg'), picture('two.jpg'), picture('three.jpg')]);
    expect(within(dialog).getByText('A review can have at most 5 photos.')).toBeInTheDocument();
    expect(within(dialog).getByText('5 of 5')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove three.jpg' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Photos' })).toBeDisabled();
  });

  it('says why when the server refuses a photo, keeping the saved review', async () => {
    stubMyReviews([], {
      'POST /reviews/r1/photos': () =>
        apiError(415, 'BAD_REQUEST', 'Only PNG, JPG, GIF or WebP images can be uploaded.'),
    });
    const user = userEvent.setup();
    const { dialog, input } = await openEditor();
    await user.upload(input, picture('fake.jpg'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Only PNG, JPG, GIF or WebP images can be uploaded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
