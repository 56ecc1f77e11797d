import { MantineProvider } from '@mantine/core';
import { AppNotifications } from '@shop/ui/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VendorSettingsForm } from './vendor-settings-form';

function renderForm() {
  return render(
    <MantineProvider>
      <AppNotifications />
      <VendorSettingsForm />
    </MantineProvider>,
  );
}

describe('vendor settings form', () => {
  it('requires Store Name and Email before saving', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Store Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('Settings saved!')).not.toBeInTheDocument();
  });

  it('rejects an email that is not an address', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByRole('textbox', { name: /Store Name/ }), 'Corner Shop');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Settings saved!')).not.toBeInTheDocument();
  });

  it('confirms a valid draft and previews the chosen logo', async () => {
    const user = userEvent.setup();
    const { container } = renderForm();

    await user.type(screen.getByRole('textbox', { name: /Store Name/ }), 'Corner Shop');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'owner@corner.example');
    const fileInput = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('The logo input is missing');
    await user.upload(fileInput, new File(['png'], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Store logo preview' })).toBeInTheDocument();
  });
});
