import { PlayerDetailSchema } from '@backlay/contract';
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
import { paymentTotals, playerFlags, signInSpread, type FlaggedRequest } from './flags';

const NOW = Date.parse('2025-11-24T12:00:00.000Z');
const ago = (hours: number) => hoursAgo(hours, NOW);

/** The detail as the console holds it once parsed (money in paise). */
function detail(overrides: Parameters<typeof wirePlayerDetail>[0] = {}) {
  return PlayerDetailSchema.parse(
    wirePlayerDetail({
      player: { createdAt: ago(24 * 40), verifiedAt: ago(24 * 40 - 1) },
      ledger: [wireLedgerLine({ at: ago(49) })],
      bets: [wireBet({ placedAt: ago(30), settledAt: ago(28) })],
      payments: [wirePayment({ createdAt: ago(50), decidedAt: ago(49) })],
      signIns: [wireSignIn({ at: ago(1) })],
      ...overrides,
    }),
  );
}

const deposit: FlaggedRequest = { id: 20, type: 'Deposit', creationTime: ago(0.2) };
const withdrawal: FlaggedRequest = { id: 21, type: 'Withdrawal', creationTime: ago(0.2) };

const keys = (d: ReturnType<typeof detail>, request: FlaggedRequest) =>
  playerFlags(d, request, NOW).map((f) => f.key);
const flag = (d: ReturnType<typeof detail>, request: FlaggedRequest, key: string) =>
  playerFlags(d, request, NOW).find((f) => f.key === key);

describe('the flags of a request’s player', () => {
  it('raises none for an ordinary player’s second deposit', () => {
    expect(playerFlags(detail(), deposit, NOW)).toEqual([]);
  });

  it('names a locked, closed or unverified account', () => {
    expect(flag(detail({ player: { status: 'locked' } }), deposit, 'locked')).toMatchObject({
      level: 'bad',
      title: 'Account locked',
    });
    expect(keys(detail({ player: { status: 'closed' } }), deposit)).toEqual(['closed']);
    expect(keys(detail({ player: { status: 'pending', verifiedAt: null } }), deposit)).toEqual([
      'unverified',
    ]);
  });

  it('names a self-exclusion still running, not one that ended', () => {
    const excluded = flag(detail({ excludedUntil: ago(-24 * 180) }), withdrawal, 'self-excluded');
    expect(excluded?.level).toBe('bad');
    expect(excluded?.detail).toMatch(/excluded themselves until .*: no betting until then/);
    expect(keys(detail({ excludedUntil: ago(1) }), deposit)).toEqual([]);
  });

  it('names a sign-up referral held for review, rejected, or flagged and approved, with its ties in words', () => {
    const referrer = { userId: 3, userName: 'asha' };
    const held = flag(
      detail({
        player: {
          referrer,
          referral: { status: 'PENDING', flags: ['SameDevice', 'SameAddress'], decision: null },
        },
      }),
      deposit,
      'referral-flagged',
    );
    expect(held).toMatchObject({ level: 'warn', title: 'Sign-up referral held for review' });
    expect(held?.detail).toBe(
      'Their sign-up referral by asha is held for review. Ties to the referrer: same device, same IP address (the marks of a self-referral).',
    );
    const rejected = flag(
      detail({
        player: { referrer, referral: { status: 'REJECTED', flags: ['FarmDevice'], decision: 'reject' } },
      }),
      deposit,
      'referral-flagged',
    );
    expect(rejected?.title).toBe('Sign-up referral rejected');
    expect(rejected?.detail).toContain('device farm');
    expect(rejected?.detail).not.toContain('self-referral');
    const approved = flag(
      detail({
        player: { referrer, referral: { status: 'CLAIMED', flags: ['SameAddress'], decision: 'approve' } },
      }),
      deposit,
      'referral-flagged',
    );
    expect(approved).toMatchObject({ level: 'info', title: 'Sign-up referral flagged, approved' });
    // A referral nothing tied to the referrer is no flag.
    expect(
      keys(
        detail({ player: { referrer, referral: { status: 'CLAIMABLE', flags: [], decision: null } } }),
        deposit,
      ),
    ).toEqual([]);
  });

  it('names the players they referred that the checks flagged', () => {
    const referral = (id: number, flags: string[]) => ({
      referredUserId: id,
      referredUserName: `friend_${id}`,
      status: 'PENDING',
      flags,
      reward: 0,
      joinedAt: ago(24),
      qualifiedAt: null,
      claimedAt: null,
    });
    const made = flag(
      detail({
        referrals: [
          referral(11, ['FarmDevice']),
          referral(12, ['FarmDevice', 'SameDevice']),
          referral(13, []),
        ],
      }),
      withdrawal,
      'referred-flagged',
    );
    expect(made?.detail).toBe(
      '2 players they referred are flagged (friend_11, friend_12): a device shared with another player of the same referrer (device farm), same device (the marks of a self-referral).',
    );
  });

  it('names a withdrawal while a bonus still needs wagering: active, or forfeited by this withdrawal', () => {
    const active = flag(detail({ bonuses: [wireBonus()] }), withdrawal, 'bonus-wagering');
    expect(active?.title).toBe('Withdrawal with bonus wagering unmet');
    expect(active?.detail).toBe(
      'Welcome bonus (₹500.00) is active with ₹2,400.00 of ₹2,500.00 still to wager.',
    );
    // A deposit is no withdrawal.
    expect(keys(detail({ bonuses: [wireBonus()] }), deposit)).toEqual([]);

    const forfeited = wireBonus({ status: 'FORFEITED', endedAt: withdrawal.creationTime, wagered: 2000 });
    expect(flag(detail({ bonuses: [forfeited] }), withdrawal, 'bonus-wagering')?.detail).toBe(
      'Welcome bonus (₹500.00) was forfeited by this withdrawal with ₹500.00 of ₹2,500.00 still to wager.',
    );
    // Forfeited by an earlier withdrawal, completed, or expired: not this withdrawal's.
    expect(
      flag(
        detail({ bonuses: [wireBonus({ status: 'FORFEITED', endedAt: ago(30) })] }),
        withdrawal,
        'bonus-wagering',
      ),
    ).toBeUndefined();
    expect(
      flag(
        detail({ bonuses: [wireBonus({ status: 'COMPLETED', wagered: 2500 })] }),
        withdrawal,
        'bonus-wagering',
      ),
    ).toBeUndefined();
  });

  it('names a request of theirs rejected in the last 7 days, not an older one nor this one', () => {
    const rejected = (id: number, hours: number) =>
      wirePayment({
        id,
        type: 'withdrawal',
        amount: 800,
        status: 'REJECTED',
        reason: 'Name does not match',
        createdAt: ago(hours + 1),
        decidedAt: ago(hours),
      });
    const payments = [rejected(15, 24 * 3), wirePayment({ createdAt: ago(50), decidedAt: ago(49) })];
    const recent = flag(detail({ payments }), deposit, 'recent-rejection');
    expect(recent?.title).toBe('Rejected request in the last 7 days');
    expect(recent?.detail).toMatch(
      /^1 request of theirs rejected in the last 7 days; the latest: withdrawal #15 of ₹800\.00 on .+ \(“Name does not match”\)\.$/,
    );
    expect(
      flag(detail({ payments: [rejected(15, 24 * 8), payments[1]] }), deposit, 'recent-rejection'),
    ).toBeUndefined();
    expect(
      flag(detail({ payments: [rejected(20, 1), payments[1]] }), deposit, 'recent-rejection'),
    ).toBeUndefined();
  });

  it('names many devices or addresses over the successful sign-ins only', () => {
    const signIn = (ip: string, deviceId: string | null, result = 'Success') =>
      wireSignIn({ ip, deviceId, result });
    const devices = [signIn('1.1.1.1', 'a'), signIn('1.1.1.1', 'b'), signIn('1.1.1.1', 'c')];
    expect(flag(detail({ signIns: devices }), deposit, 'many-devices')?.detail).toBe(
      '3 devices and 1 IP address in their latest 3 successful sign-ins.',
    );
    // Failed attempts say nothing about who used the account.
    const failed = [
      signIn('1.1.1.1', 'a'),
      signIn('2.2.2.2', 'b', 'InvalidUserNameOrPassword'),
      signIn('3.3.3.3', 'c', 'UserIsLocked'),
    ];
    expect(flag(detail({ signIns: failed }), deposit, 'many-devices')).toBeUndefined();
    const addresses = ['1', '2', '3', '4', '5'].map((n) => signIn(`10.0.0.${n}`, null));
    expect(flag(detail({ signIns: addresses }), deposit, 'many-devices')?.detail).toBe(
      '0 devices and 5 IP addresses in their latest 5 successful sign-ins.',
    );
    expect(signInSpread(detail({ signIns: failed }).signIns)).toEqual({
      listed: 3,
      successful: 1,
      failed: 2,
      addresses: 1,
      devices: 1,
    });
  });

  describe('deposit and withdraw', () => {
    it('names a withdrawal soon after the first deposit with less bet since than the deposit', () => {
      const found = flag(detail(), withdrawal, 'deposit-and-withdraw');
      expect(found?.title).toBe('Deposit and withdraw with little betting');
      expect(found?.detail).toBe(
        'Asked 2 d after their first deposit of ₹2,500.00 (#12) was credited, with ₹200.00 bet since: less than the deposit.',
      );
    });

    it('counts what each bet risked (a lay’s liability) and casino stakes, not cancelled or void bets', () => {
      const bets = [
        wireBet({ id: 1, side: 'lay', stake: 4000, liability: 1000, placedAt: ago(40) }),
        wireBet({ id: 2, stake: 5000, liability: 5000, status: 'VOID', placedAt: ago(39) }),
        wireBet({ id: 3, stake: 5000, liability: 5000, status: 'CANCELLED', placedAt: ago(38) }),
        wireBet({ id: 4, stake: 3000, liability: 3000, placedAt: ago(60) }), // before the deposit
      ];
      const ledger = [
        wireLedgerLine({ kind: 'casino_debit', amount: -1000, at: ago(20), description: 'Dice' }),
        wireLedgerLine({ kind: 'casino_credit', amount: 900, at: ago(20), description: 'Dice win' }),
        wireLedgerLine({ at: ago(49) }),
      ];
      expect(flag(detail({ bets, ledger }), withdrawal, 'deposit-and-withdraw')?.detail).toContain(
        'with ₹2,000.00 bet since',
      );
      const more = [...ledger, wireLedgerLine({ kind: 'casino_debit', amount: -500, at: ago(10) })];
      expect(flag(detail({ bets, ledger: more }), withdrawal, 'deposit-and-withdraw')).toBeUndefined();
    });

    it('says "a deposit" when it was not the first, and nothing when the deposit is older than 72 hours', () => {
      const payments = [
        wirePayment({ createdAt: ago(50), decidedAt: ago(49) }),
        wirePayment({ id: 9, amount: 1000, createdAt: ago(24 * 20), decidedAt: ago(24 * 20) }),
      ];
      expect(flag(detail({ payments }), withdrawal, 'deposit-and-withdraw')?.detail).toMatch(
        /^Asked .* after a deposit of ₹2,500\.00 \(#12\)/,
      );
      expect(
        flag(
          detail({ payments: [wirePayment({ createdAt: ago(80), decidedAt: ago(73) })] }),
          withdrawal,
          'deposit-and-withdraw',
        ),
      ).toBeUndefined();
    });

    it('does not judge when the bets listed (the latest 20) do not reach back to the deposit', () => {
      const bets = Array.from({ length: 20 }, (_, i) =>
        wireBet({ id: 100 + i, stake: 10, liability: 10, placedAt: ago(10 + i) }),
      );
      expect(flag(detail({ bets }), withdrawal, 'deposit-and-withdraw')).toBeUndefined();
      // Twenty listed, the oldest before the deposit: every bet since is there.
      const reaching = [...bets.slice(0, 19), wireBet({ id: 99, placedAt: ago(60) })];
      expect(flag(detail({ bets: reaching }), withdrawal, 'deposit-and-withdraw')).toBeDefined();
    });
  });

  it('names a first deposit only when the requests listed are all there are', () => {
    const pending = wirePayment({ id: 20, status: 'PENDING', decidedAt: null, createdAt: ago(0.2) });
    expect(flag(detail({ payments: [pending] }), deposit, 'first-deposit')).toMatchObject({
      level: 'info',
      title: 'First deposit',
    });
    const rejectedOnly = wirePayment({
      id: 3,
      status: 'REJECTED',
      createdAt: ago(24 * 30),
      decidedAt: ago(24 * 30),
    });
    expect(flag(detail({ payments: [pending, rejectedOnly] }), deposit, 'first-deposit')).toBeDefined();
    const twenty = Array.from({ length: 20 }, (_, i) =>
      wirePayment({
        id: 100 + i,
        type: 'withdrawal',
        status: 'CANCELLED',
        decidedAt: null,
        createdAt: ago(i),
      }),
    );
    expect(flag(detail({ payments: twenty }), deposit, 'first-deposit')).toBeUndefined();
    expect(flag(detail({ payments: [pending] }), withdrawal, 'first-deposit')).toBeUndefined();
  });

  it('puts the gravest first', () => {
    const d = detail({
      player: { status: 'locked' },
      payments: [wirePayment({ id: 20, status: 'PENDING', decidedAt: null, createdAt: ago(0.2) })],
      signIns: ['a', 'b', 'c'].map((deviceId) => wireSignIn({ deviceId })),
    });
    expect(keys(d, deposit)).toEqual(['locked', 'many-devices', 'first-deposit']);
  });
});

describe('the totals of the latest requests', () => {
  it('counts each status and adds the approved money each way', () => {
    const d = detail({
      payments: [
        wirePayment({ id: 1, amount: 2500 }),
        wirePayment({ id: 2, amount: 1000.5 }),
        wirePayment({ id: 3, type: 'withdrawal', amount: 700 }),
        wirePayment({ id: 4, type: 'withdrawal', amount: 300, status: 'PENDING', decidedAt: null }),
        wirePayment({ id: 5, amount: 900, status: 'REJECTED' }),
        wirePayment({ id: 6, amount: 50, status: 'CANCELLED' }),
      ],
    });
    expect(paymentTotals(d.payments)).toEqual({
      listed: 6,
      approved: 3,
      rejected: 1,
      pending: 1,
      cancelled: 1,
      depositsApproved: 350050,
      withdrawalsApproved: 70000,
    });
  });
});
