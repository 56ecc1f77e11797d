import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';
import { listItem, listPage } from '../../catalogue/testing/catalogue-fixtures';

const store = {
  _id: 's1',
  name: 'SoundPeak Official Store',
  logo: null,
  description: 'Earbuds and speakers from the maker.',
  country: 'CN',
  productCount: 1,
  followers: 12,
  createdAt: '2026-10-01T00:00:00.000Z',
};

describe('a store’s page', () => {
  it('shows the store and only its products, asking the list for that store', async () => {
    const { requests } = stubApi({
      'GET /stores/s1': () => json(200, { success: true, data: store }),
      'GET /product/': () => listPage([listItem('p1', { name: 'SoundPeak Earbuds' })]),
    });
    renderApp('/stores/s1');

    expect(await screen.findByRole('heading', { name: 'SoundPeak Official Store' })).toBeInTheDocument();
    expect(screen.getByText('1 products · 12 followers')).toBeInTheDocument();
    expect(screen.getByText('Earbuds and speakers from the maker.')).toBeInTheDocument();
    expect(await screen.findByText('SoundPeak Earbuds')).toBeInTheDocument();
    const list = requests.find((request) => new URL(request.url).pathname.endsWith('/product/'));
    expect(new URL(list?.url ?? '').searchParams.get('store')).toBe('s1');
  });

  it('follows the store for a signed-in shopper, then offers Unfollow', async () => {
    let following = false;
    stubApi({
      'GET /stores/s1': () => json(200, { success: true, data: store }),
      'GET /product/': () => listPage([]),
      'GET /followed-stores/': () =>
        json(200, {
          success: true,
          data: following
            ? [{ _id: 'f1', store: { _id: 's1', name: store.name, email: 'x@example.com' } }]
            : [],
        }),
      'POST /followed-stores/follow': () => {
        following = true;
        return json(200, {
          success: true,
          message: 'Store followed.',
          data: { _id: 'f1', store: { _id: 's1', name: store.name, email: 'x@example.com' } },
        });
      },
    });
    customerSession.signIn(customerToken());
    renderApp('/stores/s1');

    await userEvent.click(await screen.findByRole('button', { name: 'Follow SoundPeak Official Store' }));
    expect(
      await screen.findByRole('button', { name: 'Unfollow SoundPeak Official Store' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-out shopper to sign in, to come back here', async () => {
    stubApi({
      'GET /stores/s1': () => json(200, { success: true, data: store }),
      'GET /product/': () => listPage([]),
    });
    const { router } = renderApp('/stores/s1');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow SoundPeak Official Store' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/stores/s1' });
  });

  it('says so when the store does not exist', async () => {
    stubApi({ 'GET /stores/gone': () => apiError(404, 'NOT_FOUND', 'Store not found.') });
    renderApp('/stores/gone');
    const heading = await screen.findByRole('heading', { name: 'Store not found' });
    expect(
      within(heading.parentElement as HTMLElement).getByRole('link', { name: 'Back to Home' }),
    ).toBeInTheDocument();
  });
});
