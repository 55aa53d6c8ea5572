import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paise, paiseToRupees } from '@backlay/exchange';
import { renderPage } from '@/shared/http/testing';
import { setLanguage } from '@/shared/i18n';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { fakeBonusApi, wireBonus } from '../testing/fake-bonus-api';
import { BonusRoute } from './bonus';

vi.mock('@/shared/http/api', async () => {
  const { fakeBonusApi: fake } = await import('../testing/fake-bonus-api');
  return { call: (...args: Parameters<typeof fake.call>) => fake.call(...args) };
});
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('@/shared/ui/toast', () => ({
  notify: {
    success: (m: string) => toasts.success.push(m),
    error: (m: string) => toasts.error.push(m),
    info: () => {},
    warning: () => {},
  },
}));

const HOUR = 3_600_000;
const show = () => renderPage('/bonus', <BonusRoute />);
const card = (name: string) => screen.findByRole('article', { name });
const keys = () => fakeBonusApi.calls.map((c) => c.key);

describe('/bonus', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore.getState().setUser(testUser({ isDemo: false, balance: paise(1_000_000) }));
    fakeBonusApi.reset();
    toasts.success.length = 0;
    toasts.error.length = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says so when the site offers no bonus', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'No bonuses right now' })).toBeTruthy();
    expect(useSessionStore.getState().bonusBalance).toBe(0);
  });

  it('shows an offer as "x% up to ₹y" with every term in plain words next to Claim', async () => {
    fakeBonusApi.bonuses = [wireBonus({ id: 1 })];
    show();
    const offer = await card('Welcome 100% up to ₹5,000');
    expect(within(offer).getByTestId('bonus-amount').textContent).toBe('100% up to ₹5,000');
    expect(within(offer).getByText('Available', { selector: '.status-chip' })).toBeTruthy();
    const terms = within(offer)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(terms[0]).toBe(
      'For your first deposit of at least ₹500: 100% of it, up to ₹5,000. Claim it within 14 days of that deposit.',
    );
    expect(terms[1]).toMatch(/^Bet 5× the bonus within 14 days of claiming to turn it into cash\./);
    expect(terms.join(' ')).toContain('Your cash can be withdrawn at any time');
    expect(within(offer).getByText('The bonus is paid once per player.')).toBeTruthy();
    const claim = within(offer).getByRole('button', { name: 'Claim' });
    expect((claim as HTMLButtonElement).disabled).toBe(false);
    // No progress bar or countdown before it is claimed.
    expect(within(offer).queryByRole('progressbar')).toBeNull();
    expect(within(offer).queryByTestId('bonus-countdown')).toBeNull();
  });

  it("disables Claim and shows the server's reason when the bonus cannot be claimed", async () => {
    fakeBonusApi.bonuses = [
      wireBonus({
        id: 2,
        title: 'Reload 25% up to ₹2,000',
        kind: 'Reload',
        percent: 25,
        maxAmount: 2000,
        minDeposit: 1000,
        claimable: false,
        reason: 'Deposit at least ₹1,000 first.',
      }),
    ];
    show();
    const offer = await card('Reload 25% up to ₹2,000');
    const claim = within(offer).getByRole('button', { name: 'Claim' }) as HTMLButtonElement;
    expect(claim.disabled).toBe(true);
    const reason = within(offer).getByText('Deposit at least ₹1,000 first.');
    expect(claim.getAttribute('aria-describedby')?.split(' ')).toContain(reason.id);
  });

  it('claims: a toast, the list and the balances read again, the progress bar and countdown appear', async () => {
    fakeBonusApi.bonuses = [wireBonus({ id: 1 })];
    show();
    const offer = await card('Welcome 100% up to ₹5,000');
    fireEvent.click(within(offer).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(toasts.success).toEqual([
        'Welcome 100% up to ₹5,000 claimed: ₹1,000.00 is in your bonus balance.',
      ]),
    );
    expect(fakeBonusApi.calls.find((c) => c.key === 'claimBonus')?.query).toEqual({ id: 1 });
    const active = await screen.findByRole('region', { name: 'Your active bonus' });
    const bar = await within(active).findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('5000');
    expect(bar.getAttribute('aria-valuetext')).toBe('₹0 of ₹5,000 wagered');
    expect(within(active).getByText('Active', { selector: '.status-chip' })).toBeTruthy();
    expect(within(active).getByTestId('bonus-countdown').textContent).toMatch(
      /Expires in 13d 23h|Expires in 14d 0h/,
    );
    expect(keys()).toEqual(['getBonuses', 'claimBonus', 'userOpenBets', 'getBonuses']);
    expect(useSessionStore.getState().bonusBalance).toBe(100_000);
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
  });

  it('a bonus without wagering is paid to cash at once, and the header cash moves', async () => {
    fakeBonusApi.bonuses = [
      wireBonus({
        id: 4,
        title: 'Free ₹100',
        kind: 'Free',
        percent: null,
        amount: 100,
        wageringMultiplier: 0,
      }),
    ];
    show();
    const offer = await card('Free ₹100');
    expect(within(offer).getByTestId('bonus-amount').textContent).toBe('₹100');
    expect(within(offer).getByText('No wagering: it is paid to your cash at once.')).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(toasts.success).toEqual(['Free ₹100 claimed: ₹100.00 is paid to your cash.']));
    await waitFor(() => expect(paiseToRupees(useSessionStore.getState().balance)).toBe(10_100));
    const done = await screen.findByRole('region', { name: 'Finished' });
    expect(within(done).getByText('Paid as cash', { selector: '.status-chip' })).toBeTruthy();
  });

  it("a refused claim shows the server's message and reads the list again", async () => {
    fakeBonusApi.bonuses = [wireBonus({ id: 1 })];
    show();
    const offer = await card('Welcome 100% up to ₹5,000');
    // Between the read and the tap the deposit aged out: the server refuses with its reason.
    fakeBonusApi.failing.claimBonus = {
      code: 'BONUS_NOT_CLAIMABLE',
      message: 'Claim it within 14 days of your first deposit.',
    };
    fakeBonusApi.bonuses = [
      wireBonus({ id: 1, claimable: false, reason: 'Claim it within 14 days of your first deposit.' }),
    ];
    fireEvent.click(within(offer).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(toasts.error).toEqual(['Claim it within 14 days of your first deposit.']));
    await waitFor(() =>
      expect((within(offer).getByRole('button', { name: 'Claim' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(within(offer).getByText('Claim it within 14 days of your first deposit.')).toBeTruthy();
    expect(toasts.success).toEqual([]);
    expect(keys()).toEqual(['getBonuses', 'claimBonus', 'getBonuses']);
  });

  it("a claim refused by the player's time-out or self-exclusion says so on the card, with a link to responsible gaming", async () => {
    fakeBonusApi.bonuses = [wireBonus({ id: 1 }), wireBonus({ id: 2, title: 'Free ₹100', kind: 'Free' })];
    show();
    const offer = await card('Welcome 100% up to ₹5,000');
    const message = 'You are taking a time-out until 26 Nov 2026, 10:30 IST. You can still withdraw.';
    fakeBonusApi.failing.claimBonus = { code: 'PLAYER_TIMED_OUT', message };
    fireEvent.click(within(offer).getByRole('button', { name: 'Claim' }));
    const alert = await within(offer).findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'Responsible gaming' }).getAttribute('href')).toBe(
      '/responsible-gaming',
    );
    // Said once, on the card that was tapped; nothing was claimed.
    expect(toasts.error).toEqual([]);
    expect(toasts.success).toEqual([]);
    expect(within(await card('Free ₹100')).queryByRole('alert')).toBeNull();

    // A self-exclusion tapped on the other offer moves the message there.
    const excluded =
      'You have excluded yourself from play until 26 Nov 2027, 10:30 IST. You can still withdraw.';
    fakeBonusApi.failing.claimBonus = { code: 'PLAYER_SELF_EXCLUDED', message: excluded };
    const free = await card('Free ₹100');
    fireEvent.click(within(free).getByRole('button', { name: 'Claim' }));
    expect((await within(free).findByRole('alert')).textContent).toContain(excluded);
    await waitFor(() => expect(within(offer).queryByRole('alert')).toBeNull());
    expect(toasts.error).toEqual([]);
  });

  it('speaks Hindi to a player who reads Hindi, the terms and the time left included', async () => {
    await setLanguage('hi');
    try {
      const now = Date.now();
      fakeBonusApi.bonuses = [
        wireBonus({ id: 1 }),
        wireBonus({
          id: 2,
          userBonusId: 9,
          title: 'Reload',
          status: 'Active',
          claimable: false,
          amount: 1500,
          wagered: 1875.5,
          wageringRequired: 7500,
          claimedAt: new Date(now - HOUR).toISOString(),
          expiresAt: new Date(now + 3 * 24 * HOUR + 4 * HOUR + 60_000).toISOString(),
        }),
      ];
      show();
      const offer = await card('Welcome 100% up to ₹5,000');
      expect(within(offer).getByTestId('bonus-amount').textContent).toBe('100%, ₹5,000 तक');
      expect(within(offer).getAllByRole('listitem')[0]?.textContent).toBe(
        'कम से कम ₹500 की आपकी पहली जमा पर: उसका 100%, ₹5,000 तक। उस जमा के 14 दिन के अंदर क्लेम करें।',
      );
      expect(within(offer).getByRole('button', { name: 'क्लेम करें' })).toBeTruthy();
      const active = await screen.findByRole('region', { name: 'आपका चालू बोनस' });
      expect(within(active).getByTestId('bonus-countdown').textContent).toContain('3 दिन 4 घंटे में समाप्त');
      const bar = within(active).getByRole('progressbar', { name: 'दांव की शर्त' });
      expect(bar.getAttribute('aria-valuetext')).toBe('₹7,500 में से ₹1,875.5 का दांव लगा');
      expect(bar.parentElement?.textContent).toContain('₹7,500 में से ₹1,875.5');
    } finally {
      await setLanguage('en');
    }
  });

  it('shows the wagering progress of the active bonus and sets the bonus balance from it', async () => {
    const now = Date.now();
    fakeBonusApi.bonuses = [
      wireBonus({
        id: 1,
        userBonusId: 9,
        status: 'Active',
        claimable: false,
        amount: 1500,
        wagered: 1875.5,
        wageringRequired: 7500,
        claimedAt: new Date(now - 2 * 24 * HOUR).toISOString(),
        expiresAt: new Date(now + 3 * 24 * HOUR + 4 * HOUR + 60_000).toISOString(),
      }),
    ];
    show();
    const active = await card('Welcome 100% up to ₹5,000');
    expect(within(active).getByTestId('bonus-amount').textContent).toBe('₹1,500');
    expect(within(active).getByText('100% up to ₹5,000')).toBeTruthy();
    const bar = within(active).getByRole('progressbar', { name: 'Wagering' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1875.5');
    expect(bar.getAttribute('aria-valuetext')).toBe('₹1,875.5 of ₹7,500 wagered');
    expect((bar.firstElementChild as HTMLElement).style.width).toMatch(/^25\.006\d*%$/);
    expect(within(active).getByTestId('bonus-countdown').textContent).toContain('Expires in 3d 4h');
    expect(within(active).queryByRole('button', { name: 'Claim' })).toBeNull();
    await waitFor(() => expect(useSessionStore.getState().bonusBalance).toBe(150_000));
  });

  it('counts down each second, and reads the list again once the bonus runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    fakeBonusApi.bonuses = [
      wireBonus({
        id: 1,
        userBonusId: 9,
        status: 'Active',
        claimable: false,
        amount: 1000,
        wageringRequired: 5000,
        claimedAt: new Date(now - HOUR).toISOString(),
        expiresAt: new Date(Math.floor(now / 1000) * 1000 + 62_000).toISOString(),
      }),
    ];
    show();
    const active = await card('Welcome 100% up to ₹5,000');
    const countdown = within(active).getByTestId('bonus-countdown');
    expect(countdown.textContent).toMatch(/Expires in 1m 0[12]s/);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(countdown.textContent).toMatch(/Expires in (1m 00s|0m 59s)/);
    // The server expires it; the page asks again when its time is up.
    fakeBonusApi.bonuses = [
      { ...fakeBonusApi.bonuses[0]!, status: 'Expired', endedAt: new Date(now + 62_000).toISOString() },
    ];
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const done = await screen.findByRole('region', { name: 'Finished' });
    expect(within(done).getByText('Expired', { selector: '.status-chip' })).toBeTruthy();
    expect(keys()).toEqual(['getBonuses', 'getBonuses']);
    expect(useSessionStore.getState().bonusBalance).toBe(0);
  });
});
