import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paise } from '@backlay/exchange';
import { renderPage } from '@/shared/http/testing';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { claimableReferral, fakeReferralApi, Gate, wireReferral } from '../testing/fake-referral-api';
import { ReferralRoute } from './referral';

vi.mock('@/shared/http/api', async () => {
  const { fakeReferralApi: fake } = await import('../testing/fake-referral-api');
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

const show = () => renderPage('/referral', <ReferralRoute />);
const row = (id: number) => screen.findByTestId(`referral-${id}`);
const keys = () => fakeReferralApi.calls.map((c) => c.key);
const detailsReads = () => keys().filter((k) => k === 'getReferralDetails').length;

/** The browser's clipboard and share sheet, as a test sets them (jsdom has neither). */
function setNavigator(props: { clipboard?: unknown; share?: unknown; canShare?: unknown }) {
  for (const [name, value] of Object.entries(props))
    Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

describe('/referral', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore
      .getState()
      .setUser(testUser({ isDemo: false, balance: paise(1_000_000), exposure: paise(25_000) }));
    fakeReferralApi.reset();
    toasts.success.length = 0;
    toasts.error.length = 0;
    setNavigator({ clipboard: undefined, share: undefined, canShare: undefined });
  });
  afterEach(() => {
    cleanup();
  });

  it('says the programme in plain words: the reward, the rule, the cap and the month so far', async () => {
    fakeReferralApi.programme = { reward: 150, depositRequired: 500, turnoverRequired: 1000, monthlyCap: 5 };
    fakeReferralApi.claimedThisMonth = 2;
    show();
    const programme = await screen.findByRole('region', { name: 'How Refer & Earn works' });
    expect(within(programme).getByTestId('referral-programme').textContent).toBe(
      'Earn ₹150 for each friend who deposits ₹500 and bets ₹1,000',
    );
    expect(within(programme).getByText('Up to 5 rewards a month')).toBeTruthy();
    expect(within(programme).getByTestId('referral-claimed-this-month').textContent).toBe(
      '2 of 5 rewards claimed this month',
    );
    const steps = within(programme)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps[2]).toMatch(/^Once your friend deposits ₹500 and bets ₹1,000 .*claim your ₹150 here\./);
    expect(fakeReferralApi.calls.find((c) => c.key === 'getReferralDetails')?.body).toEqual({
      MaxResultCount: 10,
      SkipCount: 0,
    });
  });

  it('shows the code large and the link, with Copy link and no Share where the browser has none', async () => {
    show();
    const share = await screen.findByRole('region', { name: 'Your code and link' });
    expect((await within(share).findByTestId('referral-code')).textContent).toBe('RAVI42');
    expect((within(share).getByLabelText('Your link') as HTMLInputElement).value).toBe(
      'https://backlay.test/auth/signup?referral=RAVI42',
    );
    expect(within(share).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(within(share).queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('copies the link and says "Link copied"', async () => {
    const writeText = vi.fn(async () => {});
    setNavigator({ clipboard: { writeText } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts.success).toEqual(['Link copied']));
    expect(writeText).toHaveBeenCalledWith('https://backlay.test/auth/signup?referral=RAVI42');
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(toasts.success).toEqual(['Link copied', 'Code copied']));
    expect(writeText).toHaveBeenLastCalledWith('RAVI42');
    expect(toasts.error).toEqual([]);
  });

  it('says so when the clipboard refuses, or there is none, and never claims a copy', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    setNavigator({ clipboard: { writeText } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts.error).toEqual(['Copy failed: select the link and copy it']));
    expect(writeText).toHaveBeenCalledTimes(1);
    // An insecure page has no clipboard at all.
    setNavigator({ clipboard: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts.error).toHaveLength(2));
    expect(toasts.success).toEqual([]);
  });

  it('opens the share sheet with the link where the browser has one; closing it says nothing', async () => {
    const shareSheet = vi.fn(async (data: { title: string; text: string; url: string }) => {
      void data;
      throw new DOMException('Share canceled', 'AbortError');
    });
    setNavigator({ share: shareSheet, canShare: () => true });
    show();
    const button = await screen.findByRole('button', { name: 'Share' });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(shareSheet).toHaveBeenCalledTimes(1));
    const data = shareSheet.mock.calls[0]![0];
    expect(data.url).toBe('https://backlay.test/auth/signup?referral=RAVI42');
    expect(data.text).toContain('RAVI42');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toasts.error).toEqual([]);
    // A share sheet that fails to open is said to have failed.
    shareSheet.mockImplementationOnce(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    fireEvent.click(button);
    await waitFor(() => expect(toasts.error).toEqual(['Sharing did not open: use Copy link instead']));
  });

  it('invites to share when no friend has joined yet', async () => {
    const writeText = vi.fn(async () => {});
    setNavigator({ clipboard: { writeText } });
    show();
    expect(await screen.findByRole('heading', { name: 'No friends have joined yet' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy your link' }));
    await waitFor(() => expect(toasts.success).toEqual(['Link copied']));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows each referral with its name, date, rule, progress, reward and state', async () => {
    fakeReferralApi.referrals = [
      wireReferral({ userReferDetailId: 1, userName: 'ra****l' }),
      wireReferral({ userReferDetailId: 2, userName: 'su****h', underReview: true }),
      claimableReferral({ userReferDetailId: 3, userName: 'am****t', reward: 150 }),
      wireReferral({
        userReferDetailId: 4,
        userName: 'pr****a',
        status: 'Claimed',
        qualified: true,
        claimedAt: '2026-11-22T06:15:00.000Z',
      }),
      wireReferral({ userReferDetailId: 5, userName: 'vi****y', status: 'Rejected' }),
    ];
    show();

    const pending = await row(1);
    expect(within(pending).getByText('ra****l')).toBeTruthy();
    expect(within(pending).getByText(/^Joined/).textContent).toMatch(/^Joined 20 Nov/);
    expect(within(pending).getByTestId('referral-requirement').textContent).toBe(
      'Deposit ₹500 (done) and bet ₹1,000 (₹250 so far)',
    );
    expect(within(pending).getByTestId('referral-reward').textContent).toBe('₹100');
    expect(within(pending).getByTestId('referral-status').textContent).toBe('Pending');
    const deposit = within(pending).getByRole('progressbar', { name: 'Deposit' });
    expect(deposit.getAttribute('aria-valuetext')).toBe('₹500 of ₹500');
    expect((deposit.firstElementChild as HTMLElement).style.width).toBe('100%');
    const bets = within(pending).getByRole('progressbar', { name: 'Bets' });
    expect(bets.getAttribute('aria-valuenow')).toBe('250');
    expect(bets.getAttribute('aria-valuemax')).toBe('1000');
    expect((bets.firstElementChild as HTMLElement).style.width).toBe('25%');
    expect(within(pending).queryByRole('button')).toBeNull();

    // Held for review: said so, never why.
    const held = await row(2);
    expect(within(held).getByTestId('referral-status').textContent).toBe('Under review');
    expect(
      within(held).getByText('We are checking this referral before its reward can be paid.'),
    ).toBeTruthy();
    expect(held.textContent).not.toMatch(/device|address|payout|farm/i);
    expect(within(held).queryByRole('button')).toBeNull();

    const claimable = await row(3);
    expect(within(claimable).getByTestId('referral-status').textContent).toBe('Claimable');
    const claim = within(claimable).getByRole('button', { name: 'Claim ₹150' }) as HTMLButtonElement;
    expect(claim.disabled).toBe(false);

    const claimed = await row(4);
    expect(within(claimed).getByTestId('referral-status').textContent).toBe('Claimed');
    expect(within(claimed).getByTestId('referral-claimed-at').textContent).toMatch(
      /^Claimed on 22 Nov(, 2026)?, \d\d:\d\d [ap]m: paid to your cash$/,
    );
    expect(within(claimed).queryByRole('button')).toBeNull();
    expect(within(claimed).queryByRole('progressbar')).toBeNull();

    const rejected = await row(5);
    expect(within(rejected).getByTestId('referral-status').textContent).toBe('Rejected');
    expect(within(rejected).getByText('This reward will not be paid.')).toBeTruthy();
    expect(within(rejected).queryByRole('button')).toBeNull();
  });

  it('claims: the button waits, a second tap claims nothing more, then the toast, the header balance and the list', async () => {
    fakeReferralApi.referrals = [
      claimableReferral({ userReferDetailId: 7, userName: 'am****t', reward: 150 }),
      claimableReferral({ userReferDetailId: 8, userName: 'ne****a' }),
    ];
    const gate = new Gate();
    fakeReferralApi.claimGate = gate;
    show();
    const first = await row(7);
    const claim = within(first).getByRole('button', { name: 'Claim ₹150' });
    // A double tap: the second lands before the disabled button is drawn.
    fireEvent.click(claim);
    fireEvent.click(claim);
    await waitFor(() =>
      expect((within(first).getByRole('button', { name: 'Claiming…' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    // Every other Claim waits too: one claim at a time.
    const other = within(await row(8)).getByRole('button', { name: 'Claim ₹100' }) as HTMLButtonElement;
    expect(other.disabled).toBe(true);
    fireEvent.click(within(first).getByRole('button', { name: 'Claiming…' }));
    expect(keys().filter((k) => k === 'claimReferral')).toHaveLength(1);
    expect(toasts.success).toEqual([]);
    expect(useSessionStore.getState().balance).toBe(1_000_000);

    gate.open();
    await waitFor(() => expect(toasts.success).toEqual(['₹150 added to your cash']));
    expect(fakeReferralApi.calls.find((c) => c.key === 'claimReferral')?.query).toEqual({
      userReferDetailId: 7,
    });
    // The header's balance is the answer's; the exposure stays.
    expect(useSessionStore.getState().balance).toBe(1_015_000);
    expect(useSessionStore.getState().exposure).toBe(25_000);
    expect(window.localStorage.getItem('balance')).toBe('10150');
    // The list was read again: the row is Claimed, the month's count moved.
    await waitFor(() => expect(within(first).getByTestId('referral-status').textContent).toBe('Claimed'));
    expect(within(first).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('referral-claimed-this-month').textContent).toBe(
      '1 of 5 rewards claimed this month',
    );
    expect(detailsReads()).toBe(2);
    await waitFor(() =>
      expect(
        (within(screen.getByTestId('referral-8')).getByRole('button') as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(toasts.error).toEqual([]);
  });

  it("a refused claim shows the server's message, leaves the balance, and reads the list again", async () => {
    fakeReferralApi.referrals = [claimableReferral({ userReferDetailId: 7, reward: 150 })];
    show();
    const claim = within(await row(7)).getByRole('button', { name: 'Claim ₹150' });
    // Claimed from another tab between the read and the tap.
    fakeReferralApi.referrals = [
      { ...fakeReferralApi.referrals[0]!, status: 'Claimed', claimedAt: new Date().toISOString() },
    ];
    fireEvent.click(claim);
    await waitFor(() => expect(toasts.error).toEqual(['This referral reward was already claimed.']));
    await waitFor(() =>
      expect(within(screen.getByTestId('referral-7')).getByTestId('referral-status').textContent).toBe(
        'Claimed',
      ),
    );
    expect(toasts.success).toEqual([]);
    expect(useSessionStore.getState().balance).toBe(1_000_000);
    expect(keys().filter((k) => k !== 'getReferrerCode')).toEqual([
      'getReferralDetails',
      'claimReferral',
      'getReferralDetails',
    ]);
  });

  it("the month's cap: the server's message, then Claim disabled with the reason", async () => {
    fakeReferralApi.programme = { reward: 100, depositRequired: 500, turnoverRequired: 1000, monthlyCap: 2 };
    fakeReferralApi.claimedThisMonth = 1;
    fakeReferralApi.referrals = [claimableReferral({ userReferDetailId: 7 })];
    show();
    const claim = within(await row(7)).getByRole('button', { name: 'Claim ₹100' }) as HTMLButtonElement;
    expect(claim.disabled).toBe(false);
    // Another device claimed the month's last reward meanwhile.
    fakeReferralApi.claimedThisMonth = 2;
    fireEvent.click(claim);
    await waitFor(() =>
      expect(toasts.error).toEqual([
        "You have claimed this month's most referral rewards. Claim again next month.",
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('referral-claimed-this-month').textContent).toBe(
        '2 of 2 rewards claimed this month',
      ),
    );
    const again = within(screen.getByTestId('referral-7')).getByRole('button', {
      name: 'Claim ₹100',
    }) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
    const note = screen.getByText("You have claimed this month's 2 rewards: claim this one next month.");
    expect(again.getAttribute('aria-describedby')).toBe(note.id);
    expect(useSessionStore.getState().balance).toBe(1_000_000);
  });

  it('pages ten at a time', async () => {
    fakeReferralApi.referrals = Array.from({ length: 12 }, (_, i) =>
      wireReferral({ userReferDetailId: i + 1, userName: `pl****${i + 1}` }),
    );
    show();
    await row(1);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await row(11);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.queryByTestId('referral-1')).toBeNull();
    expect(fakeReferralApi.calls.filter((c) => c.key === 'getReferralDetails').map((c) => c.body)).toEqual([
      { MaxResultCount: 10, SkipCount: 0 },
      { MaxResultCount: 10, SkipCount: 10 },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await row(1);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('says when the referrals cannot be loaded, and tries again', async () => {
    fakeReferralApi.failing.getReferralDetails = { code: 'INTERNAL', message: 'The server is busy.' };
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server is busy.');
    // The code and link still load: sharing does not wait for the list.
    expect((await screen.findByTestId('referral-code')).textContent).toBe('RAVI42');
    delete fakeReferralApi.failing.getReferralDetails;
    fakeReferralApi.referrals = [wireReferral({ userReferDetailId: 1 })];
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await row(1)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the code cannot be loaded, and tries again', async () => {
    fakeReferralApi.failing.getReferrerCode = { code: 'INTERNAL', message: 'The server is busy.' };
    show();
    const share = await screen.findByRole('region', { name: 'Your code and link' });
    const alert = await within(share).findByRole('alert');
    expect(alert.textContent).toContain('The server is busy.');
    delete fakeReferralApi.failing.getReferrerCode;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await within(share).findByTestId('referral-code')).textContent).toBe('RAVI42');
  });

  it('shows a spinner while loading', async () => {
    show();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    await screen.findByTestId('referral-code');
  });

  it('tells a demo account it cannot refer, and asks the server nothing', async () => {
    useSessionStore.getState().setUser(testUser({ isDemo: true }));
    show();
    expect(await screen.findByRole('heading', { name: 'Demo accounts cannot refer friends' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe(
      '/auth/signup',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fakeReferralApi.calls).toEqual([]);
  });
});
