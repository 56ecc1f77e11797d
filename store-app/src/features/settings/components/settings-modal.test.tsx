import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  field: string,
  option: RegExp,
) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await within(dialog).findByRole('option', { name: option }));
}

// Whole-app renders on a busy 2-core machine can pass the 5 s default without being wrong.
describe('settings modal', { timeout: 15_000 }, () => {
  it('starts from the spec defaults: ship to BD, USD, English, light', async () => {
    const user = userEvent.setup();
    renderApp('/');

    const dialog = await openSettings(user);

    expect(within(dialog).getByRole('combobox', { name: 'Ship to' })).toHaveValue('Bangladesh (BD)');
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveValue('USD - US Dollar');
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('English');
    expect(within(dialog).getByRole('combobox', { name: 'Theme' })).toHaveValue('Light');
  });

  it('offers the 43 ship-to countries and the 24 currencies, India and INR among them', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openSettings(user);

    await user.click(within(dialog).getByRole('combobox', { name: 'Ship to' }));
    expect(await within(dialog).findAllByRole('option')).toHaveLength(43);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('combobox', { name: 'Currency' }));
    expect(await within(dialog).findAllByRole('option')).toHaveLength(24);
    await user.keyboard('{Escape}');

    await choose(user, dialog, 'Ship to', /^India \(IN\)$/);
    await choose(user, dialog, 'Currency', /^INR - Indian Rupee$/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('shop.settings') ?? '{}')).toMatchObject({
      shipToCountry: 'IN',
      currency: 'INR',
    });
  });

  it('keeps the saved choices in localStorage and applies the theme to the whole store', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openSettings(user);

    await choose(user, dialog, 'Currency', /^EUR/);
    await choose(user, dialog, 'Language', /Spanish/);
    await choose(user, dialog, 'Theme', /Dark/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('shop.settings') ?? '{}')).toEqual({
      shipToCountry: 'BD',
      currency: 'EUR',
      language: 'es',
      theme: 'dark',
    });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // The store now speaks Spanish, the settings too.
    await user.click(await screen.findByRole('button', { name: 'Ajustes' }));
    const reopened = await screen.findByRole('dialog', { name: 'Configuración' });
    expect(within(reopened).getByRole('combobox', { name: 'Moneda' })).toHaveValue('EUR - euro');
  });

  it('closes on Escape without keeping the unsaved choice', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openSettings(user);

    await choose(user, dialog, 'Currency', /^GBP/);
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(localStorage.getItem('shop.settings')).toBeNull();
    const reopened = await openSettings(user);
    expect(within(reopened).getByRole('combobox', { name: 'Currency' })).toHaveValue('USD - US Dollar');
  });
});
