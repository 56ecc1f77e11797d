import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'Zb4fS1xQh6r2pYw9Lk3mZc7vTn5aEu8dGj1sHq4oRi0';

describe('unlocking an account from the emailed link', () => {
  it('unlocks when the shopper asks, not on opening the link', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'POST /auth/unlock': () =>
        json(200, { success: true, message: 'Your account is unlocked. You can sign in again.' }),
    });
    renderApp(`/unlock?token=${TOKEN}`);

    const button = await screen.findByRole('button', { name: 'Unlock My Account' });
    expect(requests).toHaveLength(0);
    await user.click(button);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your account is unlocked. You can sign in again.',
    );
    expect(requests).toHaveLength(1);
    expect(await requests[0]?.json()).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Unlock My Account' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("shows the server's message for a used or expired link", async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /auth/unlock': () =>
        apiError(
          400,
          'VALIDATION_ERROR',
          'This unlock link is not valid, or it has already been used or has expired.',
        ),
    });
    renderApp(`/unlock?token=${TOKEN}`);

    await user.click(await screen.findByRole('button', { name: 'Unlock My Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unlock link is not valid, or it has already been used or has expired.',
    );
  });

  it('says a link without a token is not valid and sends nothing', async () => {
    const { fetchStub } = stubApi({});
    renderApp('/unlock');

    expect(await screen.findByRole('alert')).toHaveTextContent('This unlock link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unlock My Account' })).not.toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
