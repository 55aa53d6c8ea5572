import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paise } from '@backlay/exchange';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { TopBar } from './TopBar';

function show() {
  return render(
    <MemoryRouter initialEntries={['/inplay']}>
      <TopBar />
    </MemoryRouter>,
  );
}

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));

describe('TopBar balance menu', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore.getState().setUser(testUser({ userName: 'ravi', isDemo: false }));
    useSessionStore.getState().setBalance(paise(250_050), paise(-10_000));
  });
  afterEach(cleanup);

  it('shows cash and bonus apart once the push has said the bonus', () => {
    show();
    openMenu();
    const balances = screen.getByLabelText('Balances');
    // Before any push carried BonusBalance the menu claims no bonus figure.
    expect(within(balances).getByTestId('menu-cash').textContent).toBe('₹2,500.50');
    expect(screen.queryByTestId('menu-bonus')).toBeNull();

    act(() => useSessionStore.getState().setBonusBalance(paise(150_000)));
    expect(screen.getByTestId('menu-cash').textContent).toBe('₹2,500.50');
    expect(screen.getByTestId('menu-bonus').textContent).toBe('₹1,500.00');
    expect(screen.getByText(/Cash is yours to withdraw/)).toBeTruthy();
    // The header's wallet keeps the cash balance; the bonus is not added to it.
    expect(screen.getByTestId('header-balance').textContent).toBe('₹2,500.50');
    expect(screen.getByRole('link', { name: 'Bonus' }).getAttribute('href')).toBe('/bonus');
  });

  it('shows a zero bonus without the note, and forgets the bonus when another player signs in', () => {
    useSessionStore.getState().setBonusBalance(paise(0));
    show();
    openMenu();
    expect(screen.getByTestId('menu-bonus').textContent).toBe('₹0.00');
    expect(screen.queryByText(/Cash is yours to withdraw/)).toBeNull();
    act(() => useSessionStore.getState().setUser(testUser({ userName: 'asha' })));
    expect(useSessionStore.getState().bonusBalance).toBeNull();
  });
});
