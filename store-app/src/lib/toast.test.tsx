import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const toastHost = () => document.querySelector('.mantine-Notifications-root');

describe('toasts', () => {
  it('leave the toast host off the page until the first one, which it then shows', async () => {
    // The app as first loaded: files sharing this worker may have raised toasts already.
    vi.resetModules();
    const { renderApp } = await import('../test/render-app');
    const { toast } = await import('./toast');
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    // The page has rendered and settled: still no toast host.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toastHost()).toBeNull();

    act(() => toast.success('Profile saved.'));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(toastHost()).not.toBeNull();

    act(() => toast.error('Failed to save.'));
    expect(await screen.findByText('Failed to save.')).toBeInTheDocument();
  });
});
