import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  hoursAgo,
  wireBet,
  wireBonus,
  wireLedgerLine,
  wirePayment,
  wirePlayerDetail,
  wireSignIn,
} from '@/players/player-fixture';
import { renderConsole, signedInAs } from '@/test/console';
import { fakeServer, ok, refused } from '@/test/fake-server';
import { cashierSettings, depositRequest, withdrawalRequest } from '@/test/fixtures';

/*
 * player_one (#7) asks a deposit (#12); player_two (#8) a withdrawal (#13), 125 minutes ago. Every
 * time is counted back from one instant, so the minutes between two of them are exact.
 */
const base = Date.now();
const minutesBack = (minutes: number) => new Date(base - minutes * 60_000).toISOString();
const ago = (hours: number) => hoursAgo(hours, base);
const withdrawalAsked = minutesBack(125);

/** player_one: locked, referred by asha with the marks of a self-referral, no earlier deposit. */
function playerOne() {
  return wirePlayerDetail({
    player: {
      id: 7,
      userName: 'player_one',
      status: 'locked',
      referrer: { userId: 3, userName: 'asha' },
      referral: { status: 'PENDING', flags: ['SameDevice'], decision: null },
    },
    wallet: { cash: 0, bonus: 0, exposure: 0, held: 0 },
    ledger: [],
    bets: [],
    payments: [
      wirePayment({ id: 12, amount: 2500, status: 'PENDING', decidedAt: null, createdAt: minutesBack(12) }),
    ],
    signIns: [wireSignIn(), wireSignIn({ ip: '203.0.113.50', result: 'InvalidUserNameOrPassword' })],
  });
}

/**
 * player_two: a first deposit of ₹2,500 credited 3 hours before the withdrawal, ₹200 bet since, a
 * bonus forfeited by the withdrawal, a withdrawal rejected 2 days ago, three devices.
 */
function playerTwo() {
  return wirePlayerDetail({
    player: { id: 8, userName: 'player_two', createdAt: ago(30), verifiedAt: ago(29.9) },
    wallet: { cash: 1299.5, bonus: 0, exposure: 0, held: 1000.5 },
    ledger: [wireLedgerLine({ at: ago(5) })],
    bets: [wireBet({ stake: 200, liability: 200, placedAt: ago(4) })],
    payments: [
      wirePayment({
        id: 13,
        type: 'withdrawal',
        amount: 1000.5,
        status: 'PENDING',
        decidedAt: null,
        createdAt: withdrawalAsked,
      }),
      wirePayment({
        id: 11,
        type: 'withdrawal',
        amount: 500,
        status: 'REJECTED',
        reason: 'Account name differs',
        createdAt: ago(49),
        decidedAt: ago(48),
      }),
      wirePayment({ id: 10, amount: 2500, createdAt: ago(5.5), decidedAt: ago(5) }),
    ],
    bonuses: [
      wireBonus({ status: 'FORFEITED', amount: 500, wagered: 200, endedAt: withdrawalAsked }),
      wireBonus({ id: 3, title: 'Reload bonus', amount: 100, wagered: 50, wageringRequired: 500 }),
    ],
    signIns: ['dev-a', 'dev-b', 'dev-c'].map((deviceId) => wireSignIn({ deviceId })),
  });
}

function queueServer() {
  return fakeServer({
    'GET /admin/payment-requests': ok({
      totalCount: 2,
      items: [depositRequest(), withdrawalRequest({ creationTime: withdrawalAsked })],
    }),
    'GET /admin/cashier-settings': ok(cashierSettings),
    'GET /Setting/Image/3': { data: new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }) },
    'GET /admin/players/detail': (req) => ok(req.params?.userId === 7 ? playerOne() : playerTwo()),
    'GET /admin/players': ok({ totalCount: 0, items: [] }),
  });
}

async function openPlayerOf(requestId: number) {
  const row = await screen.findByTestId(`request-${requestId}`);
  fireEvent.click(within(row).getByRole('button'));
  const region = await screen.findByRole('region', { name: 'Player' });
  await waitFor(() => expect(within(region).queryByText(/Loading/)).toBeNull());
  return region;
}

const warnings = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .filter((li) => li.closest('ul')?.getAttribute('aria-label') === 'Warnings')
    .map((li) => li.textContent?.trim());

// A ceiling for the slow machine (each test opens the console and a request), not a speed target.
describe('the player beside a request', { timeout: 30_000 }, () => {
  it('shows the account, the wallet, the requests and sign-ins, and names the warnings of a deposit', async () => {
    signedInAs('finance');
    const server = queueServer();
    renderConsole('/finance');
    const region = await openPlayerOf(12);
    expect(server.calls('GET /admin/players/detail')[0]!.params).toEqual({ userId: 7 });

    expect(warnings(region)).toEqual([
      'Account locked. An operator locked this account: the player cannot sign in.',
      'Sign-up referral held for review. Their sign-up referral by asha is held for review. Ties to the referrer: same device (the marks of a self-referral).',
      'First deposit. No deposit of theirs was approved before this one.',
    ]);
    expect(within(region).getByRole('list', { name: 'Warnings' })).toBeTruthy();
    expect(within(region).getByText('Locked')).toBeTruthy();
    expect(within(region).getByTestId('request-player-wallet').textContent).toBe(
      'Cash ₹0.00 · Bonus ₹0.00 · Exposure ₹0.00 · Held ₹0.00',
    );
    expect(within(region).getByTestId('request-player-payments').textContent).toContain(
      '1: 0 approved · 0 rejected · 1 pending',
    );
    expect(within(region).getByTestId('request-player-referral').textContent).toContain(
      'referred by asha (#3) · pending · same device',
    );
    expect(within(region).getByTestId('request-player-sign-ins').textContent).toBe(
      '2: 1 IP address · 1 device1 successful · 1 failed',
    );
    const latest = within(region).getByRole('table', { name: 'Latest requests' });
    expect(within(latest).getByText('this request')).toBeTruthy();
  });

  it('names the deposit-and-withdraw pattern, the forfeited bonus, the recent rejection and the devices of a withdrawal', async () => {
    signedInAs('owner');
    queueServer();
    renderConsole('/finance');
    const region = await openPlayerOf(13);
    const found = warnings(region);
    expect(found).toHaveLength(4);
    expect(found[0]).toBe(
      'Deposit and withdraw with little betting. Asked 2 h 55 min after their first deposit of ₹2,500.00 (#10) was credited, with ₹200.00 bet since: less than the deposit.',
    );
    expect(found[1]).toBe(
      'Withdrawal with bonus wagering unmet. Reload bonus (₹100.00) is active with ₹450.00 of ₹500.00 still to wager; Welcome bonus (₹500.00) was forfeited by this withdrawal with ₹2,300.00 of ₹2,500.00 still to wager.',
    );
    expect(found[2]).toMatch(
      /^Rejected request in the last 7 days\. 1 request of theirs rejected in the last 7 days; the latest: withdrawal #11 of ₹500\.00 on .+ \(“Account name differs”\)\.$/,
    );
    expect(found[3]).toBe(
      'Many devices or addresses. 3 devices and 1 IP address in their latest 3 successful sign-ins.',
    );
    expect(within(region).getByTestId('request-player-payments').textContent).toBe(
      '3: 1 approved · 1 rejected · 1 pending' + 'Deposits approved ₹2,500.00 · withdrawals approved ₹0.00',
    );
    expect(within(region).getByTestId('request-player-bonuses').textContent).toMatch(
      /^Reload bonus: ₹450\.00 of ₹500\.00 left to wager, ends /,
    );
    expect(within(region).getByText('1 d 6 h')).toBeTruthy();
  });

  it('says there is nothing to warn about when the data shows nothing', async () => {
    signedInAs('finance');
    const server = queueServer();
    server.on(
      'GET /admin/players/detail',
      ok(
        wirePlayerDetail({
          player: { id: 7, userName: 'player_one' },
          payments: [
            wirePayment({ id: 12, status: 'PENDING', decidedAt: null, createdAt: minutesBack(12) }),
            wirePayment({ id: 9, amount: 1000, createdAt: ago(24 * 10), decidedAt: ago(24 * 10) }),
          ],
        }),
      ),
    );
    renderConsole('/finance');
    const region = await openPlayerOf(12);
    expect(within(region).getByRole('status').textContent).toBe(
      'No warnings from player_one’s account data.',
    );
    expect(within(region).queryByRole('list', { name: 'Warnings' })).toBeNull();
  });

  it('opens the player on the players screen', async () => {
    signedInAs('finance');
    const server = queueServer();
    renderConsole('/finance');
    const region = await openPlayerOf(13);
    const link = within(region).getByRole('link', { name: 'Open player' });
    expect(link.getAttribute('href')).toBe('/players?id=8');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Players' })).toBeTruthy();
    expect(await screen.findByTestId('player-wallet')).toBeTruthy();
    expect(server.calls('GET /admin/players/detail').at(-1)!.params).toEqual({ userId: 8 });
  });

  it('says "not allowed" in its place when the player cannot be read, and the request can still be decided', async () => {
    signedInAs('finance');
    const server = queueServer();
    server.on('GET /admin/players/detail', refused(403, 'FORBIDDEN', 'Your role may not do this.'));
    renderConsole('/finance');
    const row = await screen.findByTestId('request-12');
    fireEvent.click(within(row).getByRole('button'));
    const region = await screen.findByRole('region', { name: 'Player' });
    expect((await within(region).findByRole('alert')).textContent).toMatch(
      /Not allowed\. Your role \(Finance\) may not see this player's account\./,
    );
    expect(screen.getByRole('button', { name: 'Approve deposit' })).toBeTruthy();
  });
});
