/*
 * A player's detail as GET /admin/players/detail puts it on the wire (money in rupees), for the
 * players' and the finance queue's tests. Lists are given whole; the player and the wallet merge.
 */

export function hoursAgo(hours: number, from = Date.now()): string {
  return new Date(from - hours * 60 * 60_000).toISOString();
}

export function wirePayment(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    type: 'deposit',
    amount: 2500,
    paymentMethod: 'Upi',
    status: 'APPROVED',
    utr: '412345678901',
    payoutUtr: null,
    reason: null,
    createdAt: hoursAgo(50),
    decidedAt: hoursAgo(49),
    ...overrides,
  };
}

export function wireBet(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    orderId: 4,
    placedAt: hoursAgo(30),
    eventTitle: 'India v Australia',
    marketName: 'Match Odds',
    side: 'back',
    odds: 1.85,
    rate: null,
    line: null,
    stake: 200,
    liability: 200,
    status: 'SETTLED',
    result: -200,
    settledAt: hoursAgo(28),
    ...overrides,
  };
}

export function wireBonus(overrides: Record<string, unknown> = {}) {
  return {
    id: 2,
    title: 'Welcome bonus',
    kind: 'first_deposit',
    status: 'ACTIVE',
    amount: 500,
    wagered: 100,
    wageringRequired: 2500,
    claimedAt: hoursAgo(48),
    expiresAt: hoursAgo(-24 * 12),
    endedAt: null,
    ...overrides,
  };
}

export function wireSignIn(overrides: Record<string, unknown> = {}) {
  return {
    at: hoursAgo(1),
    ip: '198.51.100.4',
    browser: 'Chrome 131',
    clientName: 'web',
    deviceId: 'dev-abc',
    result: 'Success',
    ...overrides,
  };
}

export function wireLedgerLine(overrides: Record<string, unknown> = {}) {
  return {
    journalId: 91,
    at: hoursAgo(49),
    kind: 'deposit',
    description: 'Deposit #12 approved',
    account: 'cash',
    amount: 2500,
    balanceAfter: 2500,
    ...overrides,
  };
}

interface DetailOverrides {
  player?: Record<string, unknown>;
  wallet?: Record<string, unknown>;
  ledger?: unknown[];
  bets?: unknown[];
  payments?: unknown[];
  bonuses?: unknown[];
  referrals?: unknown[];
  signIns?: unknown[];
  excludedUntil?: string | null;
}

/** rahul_k (#7): active, verified, one approved deposit, one settled bet, one sign-in, nothing flagged. */
export function wirePlayerDetail(o: DetailOverrides = {}) {
  return {
    player: {
      id: 7,
      userName: 'rahul_k',
      mobile: '+919876543210',
      status: 'active',
      createdAt: hoursAgo(24 * 40),
      lastLoginAt: hoursAgo(1),
      isDemo: false,
      email: 'rahul@example.com',
      referralCode: 'RAHUL7',
      referrer: null,
      referral: null,
      signupIp: '203.0.113.9',
      signupDeviceId: 'dev-abc',
      verifiedAt: hoursAgo(24 * 40 - 1),
      ...o.player,
    },
    wallet: { cash: 1250.5, bonus: 0, exposure: 300, held: 0, ...o.wallet },
    ledger: o.ledger ?? [wireLedgerLine()],
    bets: o.bets ?? [wireBet()],
    payments: o.payments ?? [wirePayment()],
    bonuses: o.bonuses ?? [],
    referrals: o.referrals ?? [],
    signIns: o.signIns ?? [wireSignIn()],
    responsibleGaming: { excludedUntil: o.excludedUntil ?? null },
  };
}
