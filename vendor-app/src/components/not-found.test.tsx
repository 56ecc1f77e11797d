import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../test/fixtures';
import { jsonResponse, routeStub } from '../test/network';
import { renderApp } from '../test/render-app';

describe('vendor not-found', () => {
  it('shows the not-found screen inside the panel for an unknown section', async () => {
    routeStub({ 'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }) });
    renderApp('/manage-vandor/no-such-page', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Shop Vandor Dashboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/manage-vandor/dashboard',
    );
  });

  it('shows the not-found screen for a path outside the panel', async () => {
    renderApp('/elsewhere');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('Shop Vandor Dashboard')).not.toBeInTheDocument();
  });
});
