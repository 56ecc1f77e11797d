import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { languageApplied } from '../../i18n/i18n';
import { POPUP_SEEN_KEY } from '../../lib/storage-keys';
import { stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { settingsStore } from '../settings/settings-store';
import { contentAnswer } from './testing/marketing-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const welcome = {
  title: { en: '10% off your first order', es: '10 % de descuento en tu primer pedido' },
  text: { en: 'Use the code WELCOME10 at checkout.' },
  imageUrl: 'https://cdn.test/welcome.png',
  link: '/register',
  everyDays: 3,
};

function stubPopup(popup: typeof welcome | null = welcome) {
  return stubApi({ 'GET /storefront/content': contentAnswer({ popup }) });
}

describe('the storefront popup', { timeout: 15_000 }, () => {
  it('shows once, titled, closable, and is remembered in this browser', async () => {
    const user = userEvent.setup();
    stubPopup();
    const first = renderApp('/about');
    const dialog = await screen.findByRole('dialog', { name: '10% off your first order' });
    expect(within(dialog).getByText('Use the code WELCOME10 at checkout.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '#/register');
    expect(Number(localStorage.getItem(POPUP_SEEN_KEY))).toBeGreaterThan(Date.now() - 60_000);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    // The next visit within the 3 days: no popup.
    stubPopup();
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows again once its days have passed', async () => {
    localStorage.setItem(POPUP_SEEN_KEY, String(Date.now() - 2 * DAY));
    stubPopup();
    const early = renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    early.unmount();

    localStorage.setItem(POPUP_SEEN_KEY, String(Date.now() - 3 * DAY));
    stubPopup();
    renderApp('/about');
    expect(await screen.findByRole('dialog', { name: '10% off your first order' })).toBeInTheDocument();
  });

  it('speaks the shopper’s language, and English where staff wrote none', async () => {
    await act(async () => {
      settingsStore.set({ ...settingsStore.get(), language: 'es' });
      await languageApplied();
    });
    stubPopup();
    renderApp('/about');
    const dialog = await screen.findByRole('dialog', { name: '10 % de descuento en tu primer pedido' });
    expect(within(dialog).getByText('Use the code WELCOME10 at checkout.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Más información' })).toBeInTheDocument();
  });

  it('stays away when staff switched it off', async () => {
    stubPopup(null);
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(POPUP_SEEN_KEY)).toBeNull();
  });
});
