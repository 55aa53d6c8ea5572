import type { ErrorCode, RouteKey } from '@backlay/contract';
import { failWith, wireCall, type FakeCall } from '@/shared/http/testing';

/*
 * A bonus server for the page's tests, in place of `@/shared/http/api`: the catalogue as the
 * player sees it (wire JSON, rupees), Claim as the server rules it (one active bonus, the reason
 * as the refusal's message), and the cash read the page does after a claim.
 */

export interface WireBonus {
  id: number;
  userBonusId: number | null;
  title: string;
  description: string;
  kind: 'FirstDeposit' | 'Reload' | 'Cashback' | 'Free';
  percent: number | null;
  maxAmount: number;
  minDeposit: number;
  wageringMultiplier: number;
  validDays: number;
  terms: string;
  status: 'Available' | 'Active' | 'Completed' | 'Expired' | 'Forfeited';
  claimable: boolean;
  reason: string | null;
  amount: number | null;
  wagered: number;
  wageringRequired: number;
  claimedAt: string | null;
  expiresAt: string | null;
  endedAt: string | null;
}

export function wireBonus(over: Partial<WireBonus> & Pick<WireBonus, 'id'>): WireBonus {
  return {
    userBonusId: null,
    title: 'Welcome 100% up to ₹5,000',
    description: 'Double your first deposit.',
    kind: 'FirstDeposit',
    percent: 100,
    maxAmount: 5000,
    minDeposit: 500,
    wageringMultiplier: 5,
    validDays: 14,
    terms: 'The bonus is paid once per player.',
    status: 'Available',
    claimable: true,
    reason: null,
    amount: null,
    wagered: 0,
    wageringRequired: 0,
    claimedAt: null,
    expiresAt: null,
    endedAt: null,
    ...over,
  };
}

export class FakeBonusApi {
  bonuses: WireBonus[] = [];
  balance = 10_000;
  /** Set to fail one route's next calls with a code (and a message). */
  failing: Partial<Record<RouteKey, { code: ErrorCode; message?: string }>> = {};
  /** The amount a claim pays, when the offer shows none. */
  claimAmount = 1000;
  calls: FakeCall[] = [];
  private nextClaim = 500;

  reset() {
    this.bonuses = [];
    this.balance = 10_000;
    this.failing = {};
    this.claimAmount = 1000;
    this.calls.length = 0;
    this.nextClaim = 500;
  }

  private handle = (key: RouteKey, { query }: { query: Record<string, unknown> }): unknown => {
    const failure = this.failing[key];
    if (failure) failWith(failure.code, failure.message);
    switch (key) {
      case 'getBonuses':
        return this.bonuses;
      case 'claimBonus': {
        const offer = this.bonuses.find((b) => b.id === query.id && b.status === 'Available');
        if (!offer) failWith('BONUS_NOT_CLAIMABLE', 'This bonus is not offered to you.');
        if (!offer.claimable) failWith('BONUS_NOT_CLAIMABLE', offer.reason ?? undefined);
        if (this.bonuses.some((b) => b.status === 'Active'))
          failWith('BONUS_NOT_CLAIMABLE', 'You already have an active bonus.');
        const amount = offer.amount ?? this.claimAmount;
        const now = new Date();
        const claim: WireBonus = {
          ...offer,
          userBonusId: (this.nextClaim += 1),
          status: offer.wageringMultiplier === 0 ? 'Completed' : 'Active',
          claimable: false,
          reason: null,
          amount,
          wagered: 0,
          wageringRequired: amount * offer.wageringMultiplier,
          claimedAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + offer.validDays * 86_400_000).toISOString(),
          endedAt: offer.wageringMultiplier === 0 ? now.toISOString() : null,
        };
        if (offer.wageringMultiplier === 0) this.balance += amount;
        // A once-only offer is used up; the player's claim takes its place in the list.
        this.bonuses = this.bonuses.map((b) => (b === offer ? claim : b));
        return claim;
      }
      case 'userOpenBets':
        return { balance: this.balance, exposure: 0, openBets: [] };
      default:
        throw new Error(`unexpected call ${key}`);
    }
  };

  call = wireCall(this.handle, this.calls);
}

export const fakeBonusApi = new FakeBonusApi();
