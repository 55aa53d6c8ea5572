import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './OfflineNotice';

const NOTICE = 'You are offline. Prices, bets and your balance will update when you are back online.';

/** What the browser says of the network, and the event it fires when that changes. */
function network(online: boolean, fire = true) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  if (fire) act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

beforeEach(() => network(true, false));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('data-offline');
});

describe('the offline notice', () => {
  it('says nothing while the network is there, inside a live region already in the page', () => {
    render(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('comes when the network goes and leaves when it is back', () => {
    render(<OfflineNotice />);
    network(false);
    expect(screen.getByRole('status').textContent).toBe(`${NOTICE}Retry`);
    expect(screen.getByRole('button', { name: 'Retry' }).getAttribute('type')).toBe('button');
    network(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows at once when the page opens without a network', () => {
    network(false, false);
    render(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe(`${NOTICE}Retry`);
  });

  it("shows on the service worker's offline page, even where the browser reports a network", () => {
    document.documentElement.setAttribute('data-offline', '');
    render(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe(`${NOTICE}Retry`);
    network(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('opens the page again on Retry', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    network(false, false);
    render(<OfflineNotice />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stops listening once it is gone', () => {
    const { unmount } = render(<OfflineNotice />);
    const removed = vi.spyOn(window, 'removeEventListener');
    unmount();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
  });
});
