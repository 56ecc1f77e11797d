import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';

type Visit = { path: string; visitorId: string };

async function bodies(requests: Request[]) {
  return Promise.all(requests.map((request) => request.json() as Promise<Visit>));
}

describe('page views', () => {
  it('reports each page shown, with one visitor id kept in the browser', async () => {
    const { visits } = stubApi({});
    const { router } = renderApp('/about');
    await screen.findByRole('banner');
    await act(() => router.navigate({ to: '/cart' }));
    await act(() => router.navigate({ to: '/cart', search: {} }));
    await act(() => router.navigate({ to: '/about' }));

    await waitFor(() => expect(visits).toHaveLength(3));
    const sent = await bodies(visits);
    expect(sent.map((visit) => visit.path)).toEqual(['/about', '/cart', '/about']);
    const visitorId = localStorage.getItem('shop.visitorId');
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(sent.map((visit) => visit.visitorId))).toEqual(new Set([visitorId]));
  });

  it('counts the page a guard sent the shopper to, not the guarded one', async () => {
    const { visits } = stubApi({});
    renderApp('/profile');
    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();

    await waitFor(() => expect(visits).toHaveLength(1));
    expect((await bodies(visits)).map((visit) => visit.path)).toEqual(['/login']);
  });

  it('keeps the visitor id of an earlier visit', async () => {
    localStorage.setItem('shop.visitorId', 'returning-visitor');
    const { visits } = stubApi({});
    renderApp('/');

    await waitFor(() => expect(visits).toHaveLength(1));
    expect((await bodies(visits))[0]?.visitorId).toBe('returning-visitor');
  });
});
