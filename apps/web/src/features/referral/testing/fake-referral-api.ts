import type { ErrorCode, RouteKey } from '@backlay/contract';
import { failWith, wireCall, type FakeCall } from '@/shared/http/testing';

/*
 * A referral server for the page's tests, in place of `@/shared/http/api`: the player's code and
 * link, their referrals a page at a time with the programme (wire JSON, rupees), and ClaimRefer
 * as the server rules it (claimable only, once, within the month's cap; the balance after).
 */

export type WireReferralStatus = 'Pending' | 'Claimable' | 'Claimed' | 'Rejected';

export interface WireReferral {
  userReferDetailId: number;
  userName: string;
  joinedAt: string;
  qualified: boolean;
  requirement: string;
  deposited: number;
  depositRequired: number;
  turnover: number;
  turnoverRequired: number;
  reward: number;
  status: WireReferralStatus;
  underReview: boolean;
  claimedAt: string | null;
}

export interface WireProgramme {
  reward: number;
  depositRequired: number;
  turnoverRequired: number;
  monthlyCap: number;
}

export function wireReferral(
  over: Partial<WireReferral> & Pick<WireReferral, 'userReferDetailId'>,
): WireReferral {
  return {
    userName: 'ra****l',
    joinedAt: '2026-11-20T09:30:00.000Z',
    qualified: false,
    requirement: 'Deposit ₹500 (done) and bet ₹1,000 (₹250 so far)',
    deposited: 500,
    depositRequired: 500,
    turnover: 250,
    turnoverRequired: 1000,
    reward: 100,
    status: 'Pending',
    underReview: false,
    claimedAt: null,
    ...over,
  };
}

/** A referral that met the rule and can be claimed. */
export function claimableReferral(over: Partial<WireReferral> & Pick<WireReferral, 'userReferDetailId'>) {
  return wireReferral({
    qualified: true,
    requirement: 'Deposit ₹500 (done) and bet ₹1,000 (done)',
    deposited: 800,
    turnover: 1200,
    status: 'Claimable',
    ...over,
  });
}

/**
 * A gate a call waits at until `open()`: a claim on its way, so a test can look at the page while
 * the answer has not come yet.
 */
export class Gate {
  readonly passed: Promise<void>;
  open!: () => void;
  constructor() {
    this.passed = new Promise<void>((resolve) => {
      this.open = resolve;
    });
  }
}

export class FakeReferralApi {
  code = 'RAVI42';
  link = 'https://backlay.test/auth/signup?referral=RAVI42';
  referrals: WireReferral[] = [];
  programme: WireProgramme = { reward: 100, depositRequired: 500, turnoverRequired: 1000, monthlyCap: 5 };
  claimedThisMonth = 0;
  /** The referrer's cash, in rupees. */
  balance = 10_000;
  /** Set to fail one route's next calls with a code (and a message). */
  failing: Partial<Record<RouteKey, { code: ErrorCode; message?: string }>> = {};
  /** When set, a claim waits at it before it is ruled. */
  claimGate: Gate | null = null;
  calls: FakeCall[] = [];

  reset() {
    this.code = 'RAVI42';
    this.link = 'https://backlay.test/auth/signup?referral=RAVI42';
    this.referrals = [];
    this.programme = { reward: 100, depositRequired: 500, turnoverRequired: 1000, monthlyCap: 5 };
    this.claimedThisMonth = 0;
    this.balance = 10_000;
    this.failing = {};
    this.claimGate = null;
    this.calls.length = 0;
  }

  private handle = async (
    key: RouteKey,
    { body, query }: { body: Record<string, unknown>; query: Record<string, unknown> },
  ): Promise<unknown> => {
    if (key === 'claimReferral' && this.claimGate) await this.claimGate.passed;
    const failure = this.failing[key];
    if (failure) failWith(failure.code, failure.message);
    switch (key) {
      case 'getReferrerCode':
        return { code: this.code, link: this.link };
      case 'getReferralDetails': {
        const skip = Number(body.SkipCount);
        const take = Number(body.MaxResultCount);
        return {
          totalCount: this.referrals.length,
          items: this.referrals.slice(skip, skip + take),
          ...this.programme,
          claimedThisMonth: this.claimedThisMonth,
        };
      }
      case 'claimReferral': {
        const row = this.referrals.find((r) => r.userReferDetailId === query.userReferDetailId);
        if (!row) failWith('NOT_FOUND', 'No such referral of yours.');
        if (row.status !== 'Claimable')
          failWith(
            'REFERRAL_NOT_CLAIMABLE',
            row.status === 'Claimed'
              ? 'This referral reward was already claimed.'
              : 'This referral reward cannot be claimed yet: your friend has not met the deposit and betting rule.',
          );
        if (this.claimedThisMonth >= this.programme.monthlyCap) failWith('REFERRAL_CAP_REACHED');
        const claimedAt = new Date().toISOString();
        this.referrals = this.referrals.map((r) => (r === row ? { ...r, status: 'Claimed', claimedAt } : r));
        this.claimedThisMonth += 1;
        this.balance += row.reward;
        return { userReferDetailId: row.userReferDetailId, reward: row.reward, balance: this.balance };
      }
      default:
        throw new Error(`unexpected call ${key}`);
    }
  };

  call = wireCall(this.handle, this.calls);
}

export const fakeReferralApi = new FakeReferralApi();
