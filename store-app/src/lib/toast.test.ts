import { describe, expect, it, vi } from 'vitest';

describe('toasts', () => {
  it('ask the app to put the notifications host on the page, an error with a title too', async () => {
    // A first load of the module: files sharing this worker may have raised toasts already.
    vi.resetModules();
    const { toast, toastHost } = await import('./toast');
    // The host is mounted only once a toast is wanted (app.tsx); an error raised first must still show.
    expect(toastHost.wanted()).toBe(false);
    toast.error('Your card was declined.', 'Failed to place order.');
    expect(toastHost.wanted()).toBe(true);
  });
});
