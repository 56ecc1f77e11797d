import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../lib/session';
import { demoProfile, json, stubApi } from '../test/network';
import { renderApp } from '../test/render-app';
import { customerToken } from '../test/tokens';

describe('not-found screens', () => {
  it('shows the store not-found screen, inside the header and footer, for an unknown path', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByText('We deliver to 40+ countries.')).toBeInTheDocument();
  });

  it('shows its own not-found screen inside the profile area', async () => {
    stubApi({ 'GET /user/profile': () => json(200, { success: true, data: demoProfile }) });
    customerSession.signIn(customerToken());
    renderApp('/profile/no-such-section');

    expect(await screen.findByRole('heading', { name: 'Section Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Overview' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
  });
});
