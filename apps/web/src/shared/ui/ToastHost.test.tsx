import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from 'react-toastify';
import { paise } from '@backlay/exchange';
import { useSessionStore, type StoredUserInfo } from '../session/session-store';
import { ToastHost } from './ToastHost';
import { notify } from './toast';

/** The page's header, 101 px tall (the header with the sport tabs under it). */
function Header() {
  return (
    <div
      className="app-top"
      ref={(el) => {
        if (el) el.getBoundingClientRect = () => ({ top: 0, bottom: 101, height: 101 }) as DOMRect;
      }}
    >
      <header className="topbar">
        <span data-testid="header-balance">₹1,000.00</span>
      </header>
    </div>
  );
}

/** Toasts still meant to be on screen (react-toastify keeps one leaving until its animation ends). */
function shown(): string[] {
  return [...document.querySelectorAll('.Toastify__toast[data-in="true"]')].map((t) => t.textContent ?? '');
}

const player: StoredUserInfo = {
  userId: 1,
  userName: 'player',
  username: 'player',
  isDemo: false,
  balance: paise(100_000),
  exposure: paise(0),
  football: true,
  tennis: true,
  cricket: true,
  casinoToken: '',
  domain: 'test',
};

afterEach(async () => {
  await act(async () => {
    toast.dismiss();
    await Promise.resolve();
  });
  cleanup();
  useSessionStore.setState({ user: null });
});

describe('toasts', () => {
  it('sit top-right below the header, clear of the balance and exposure', async () => {
    render(
      <>
        <Header />
        <ToastHost />
      </>,
    );
    act(() => notify.error('Stake could not be saved'));
    await screen.findByText('Stake could not be saved');
    const container = document.querySelector<HTMLElement>('.Toastify__toast-container');
    expect(container?.classList.contains('Toastify__toast-container--top-right')).toBe(true);
    // 8 px below the header's lower edge.
    expect(container?.style.top).toBe('109px');
  });

  it('an error goes when the next attempt succeeds', async () => {
    render(
      <>
        <Header />
        <ToastHost />
      </>,
    );
    act(() => notify.error('Stake could not be saved'));
    await waitFor(() => expect(shown()).toEqual(['Stake could not be saved']));
    act(() => notify.success('Stake buttons saved'));
    await waitFor(() => expect(shown()).toEqual(['Stake buttons saved']));
  });

  it('an error goes when a sign-in after it succeeds', async () => {
    render(
      <>
        <Header />
        <ToastHost />
      </>,
    );
    act(() => notify.error('Invalid user name or password.'));
    await waitFor(() => expect(shown()).toEqual(['Invalid user name or password.']));
    act(() => useSessionStore.setState({ user: player }));
    await waitFor(() => expect(shown()).toEqual([]));
  });
});
