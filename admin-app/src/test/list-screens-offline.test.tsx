import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../app/session';
import { fetchStub, jsonResponse } from './network';
import { renderApp } from './render-app';
import { makeAdminToken } from './tokens';

/** Each admin list on the list kit, with the words it says when the server cannot be reached. */
const LISTS = [
  { path: '/manage-admin/users', table: 'Users', fallback: 'Failed to load users.' },
  { path: '/manage-admin/admin/users', table: 'Admins', fallback: 'Failed to load admins.' },
  { path: '/manage-admin/orders', table: 'Orders', fallback: 'Failed to load orders.' },
  { path: '/manage-admin/orders/aliexpress', table: 'Forwardings', fallback: 'Failed to load forwardings.' },
  { path: '/manage-admin/orders/status-logs', table: 'Status logs', fallback: 'Failed to load status logs.' },
  { path: '/manage-admin/products', table: 'Products', fallback: 'Failed to load products.' },
  {
    path: '/manage-admin/products/product-list',
    table: 'Product list',
    fallback: 'Failed to load products.',
  },
  { path: '/manage-admin/b2c', table: 'Shoppers', fallback: 'Failed to load shoppers.' },
  {
    path: '/manage-admin/vendors',
    table: 'Vendor applications',
    fallback: 'Failed to load vendor applications.',
  },
];

/** A paged answer with no rows, whatever was asked. */
const emptyPage = () =>
  jsonResponse(200, { success: true, data: [], meta: { page: 1, limit: 10, total: 0 } });

describe('the admin lists when the API cannot be reached', { timeout: 30_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it.each(LISTS)('$path says so with Retry, then shows the list once the server answers', async (list) => {
    fetchStub.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderApp(list.path);

    const alert = await screen.findByText(list.fallback, {}, { timeout: 10_000 });
    const box = alert.closest<HTMLElement>('[role="alert"]');
    if (!box) throw new Error('The failure is not announced as an alert');
    // Neither the browser's words nor an empty state beside the error, and no table pretending to be empty.
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: list.table })).not.toBeInTheDocument();

    fetchStub.mockImplementation(async () => emptyPage());
    await user.click(within(box).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: list.table }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(list.fallback)).not.toBeInTheDocument());
  });
});
