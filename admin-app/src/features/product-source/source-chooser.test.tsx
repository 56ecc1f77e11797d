import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';

const SOURCE_PATH = '/manage-admin/products/source';

describe('create-product source chooser', () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the four cards with their features and best-for texts, the back link and support', async () => {
    renderApp(SOURCE_PATH);
    for (const title of ['Manual Creation', 'AliExpress Import', 'Factory Direct', 'Vendor Upload']) {
      const card = (await screen.findByRole('button', { name: title })).closest('.mantine-Card-root');
      expect(card).not.toBeNull();
      expect(within(card as HTMLElement).getAllByRole('listitem').length).toBeGreaterThan(0);
      expect(within(card as HTMLElement).getByText(/^Best for:/)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
      'href',
      '/manage-admin/products',
    );
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(screen.getByRole('heading', { name: 'Which source should I choose?' })).toBeInTheDocument();
  });

  it.each([
    ['AliExpress Import', '/manage-admin/products/add-product/aliexpress'],
    ['Manual Creation', '/manage-admin/products/add-product'],
    ['Factory Direct', '/manage-admin/products/add-product'],
    ['Vendor Upload', '/manage-admin/products/add-product'],
  ])('highlights %s at once and opens %s after 300 ms', async (title, destination) => {
    const { router } = renderApp(SOURCE_PATH);
    const card = await screen.findByRole('button', { name: title });
    // Fake clocks from here: a loaded machine must not decide whether 300 ms have passed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(card);

      expect(card).toHaveAttribute('aria-pressed', 'true');
      expect(card.closest('[data-selected]')).not.toBeNull();
      await vi.advanceTimersByTimeAsync(299);
      expect(router.state.location.pathname).toBe(SOURCE_PATH);

      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(router.state.location.pathname).toBe(destination));
  });
});
