import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppNotifications, TOAST_AUTO_CLOSE_MS, toast } from './notifications';
import { theme } from './theme';

/** Runs timers in steps so React commits between them (the exit transition's timer starts after a commit). */
const advance = (ms: number) => {
  for (let elapsed = 0; elapsed < ms; elapsed += 250) {
    act(() => vi.advanceTimersByTime(Math.min(250, ms - elapsed)));
  }
};

const renderHost = (props: { belowHeader?: number } = {}) =>
  render(
    <MantineProvider theme={theme}>
      <AppNotifications {...props} />
    </MantineProvider>,
  );

describe('AppNotifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('shows a toast and closes it after 5000 ms', () => {
    renderHost();
    act(() => {
      toast.success('Login successful.');
    });
    expect(screen.getByText('Login successful.')).toBeInTheDocument();

    advance(TOAST_AUTO_CLOSE_MS - 250);
    expect(screen.getByText('Login successful.')).toBeInTheDocument();

    advance(1000);
    expect(screen.queryByText('Login successful.')).not.toBeInTheDocument();
  });

  it('keeps toasts open while the window has lost focus and closes them after focus returns', () => {
    renderHost();
    act(() => {
      toast.error('Login failed');
    });
    expect(screen.getByText('Login failed')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    advance(TOAST_AUTO_CLOSE_MS * 3);
    expect(screen.getByText('Login failed')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    advance(TOAST_AUTO_CLOSE_MS + 1000);
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });

  it('keeps a toast open while the pointer is over it', () => {
    renderHost();
    act(() => {
      toast.success('Product deleted successfully.');
    });
    const toastElement = screen.getByRole('alert');
    expect(toastElement).toHaveTextContent('Product deleted successfully.');

    fireEvent.mouseEnter(toastElement);
    advance(TOAST_AUTO_CLOSE_MS * 2);
    expect(screen.getByText('Product deleted successfully.')).toBeInTheDocument();

    fireEvent.mouseLeave(toastElement);
    advance(TOAST_AUTO_CLOSE_MS + 1000);
    expect(screen.queryByText('Product deleted successfully.')).not.toBeInTheDocument();
  });

  it('places toasts at the top right', () => {
    renderHost();
    act(() => {
      toast.success('Saved');
    });
    const message = screen.getByText('Saved');
    expect(message.closest('[data-position]')).toHaveAttribute('data-position', 'top-right');
  });

  it("opens toasts under the app's header, so they never cover its links", () => {
    renderHost({ belowHeader: 64 });
    act(() => {
      toast.success('Saved');
    });
    const host = screen.getByText('Saved').closest<HTMLElement>('[data-position]');
    expect(host).toHaveAttribute('data-position', 'top-right');
    expect(host).toHaveClass('app-notifications');
    // notifications.css places the top-right container that far down; the journeys check where it lands.
    expect(host?.style.getPropertyValue('--app-header-height')).toBe('64px');
  });
});
