import { RG_PERIODS, type ErrorCode, type RgPeriod, type RouteKey } from '@backlay/contract';
import { paiseToRupees, type Paise } from '@backlay/exchange';
import { failWith, wireCall, type FakeCall } from '@/shared/http/testing';

/*
 * A responsible-gaming server for the feature's tests, in place of `@/shared/http/api`: the state
 * as wire JSON (rupees), and POST judged by the server's rules: a first limit or a decrease at
 * once, an increase or removal pending 24 hours and applied only on `confirmIncreases`, a time-out
 * or self-exclusion never shortened (RG_CHANGE_REFUSED). Every change leaves a history row.
 */

const HOUR = 3_600_000;

export interface WirePending {
  amount: number | null;
  requestedAt: string;
  effectiveAt: string;
}
export interface WireLimit {
  amount: number | null;
  used: number;
  pending: WirePending | null;
}
export interface WireChange {
  id: number;
  kind: 'deposit_limit' | 'loss_limit' | 'reality_check' | 'time_out' | 'self_exclusion';
  period: RgPeriod | null;
  from: string | null;
  to: string | null;
  requestedAt: string;
  effectiveAt: string;
  status: 'applied' | 'pending' | 'cancelled';
}
type Limits = Record<RgPeriod, WireLimit>;

const noLimits = (): Limits => ({
  day: { amount: null, used: 0, pending: null },
  week: { amount: null, used: 0, pending: null },
  month: { amount: null, used: 0, pending: null },
});

const KIND = { depositLimit: 'deposit_limit', lossLimit: 'loss_limit' } as const;

export class FakeRgApi {
  depositLimit: Limits = noLimits();
  lossLimit: Limits = noLimits();
  realityCheckMinutes: number | null = null;
  timeOutUntil: string | null = null;
  selfExcludedUntil: string | null = null;
  session = { startedAt: new Date().toISOString(), netResult: 0 };
  history: WireChange[] = [];
  /** Set to fail one route's next calls with a code (and a message). */
  failing: Partial<Record<RouteKey, { code: ErrorCode; message?: string }>> = {};
  calls: FakeCall[] = [];
  private nextId = 1;

  reset() {
    this.depositLimit = noLimits();
    this.lossLimit = noLimits();
    this.realityCheckMinutes = null;
    this.timeOutUntil = null;
    this.selfExcludedUntil = null;
    this.session = { startedAt: new Date().toISOString(), netResult: 0 };
    this.history = [];
    this.failing = {};
    this.calls.length = 0;
    this.nextId = 1;
  }

  /** A limit asked for a day ago, now waiting for the player's confirmation. */
  pendSince(field: 'depositLimit' | 'lossLimit', period: RgPeriod, amount: number | null, hoursAgo: number) {
    const requestedAt = new Date(Date.now() - hoursAgo * HOUR);
    const pending = {
      amount,
      requestedAt: requestedAt.toISOString(),
      effectiveAt: new Date(requestedAt.getTime() + 24 * HOUR).toISOString(),
    };
    this[field][period].pending = pending;
    this.record(
      KIND[field],
      period,
      this[field][period].amount,
      amount,
      requestedAt,
      pending.effectiveAt,
      'pending',
    );
  }

  private record(
    kind: WireChange['kind'],
    period: RgPeriod | null,
    from: number | string | null,
    to: number | string | null,
    requestedAt: Date,
    effectiveAt: string,
    status: WireChange['status'],
  ) {
    this.history.unshift({
      id: this.nextId++,
      kind,
      period,
      from: from == null ? null : String(from),
      to: to == null ? null : String(to),
      requestedAt: requestedAt.toISOString(),
      effectiveAt,
      status,
    });
  }

  private settle(id: number | undefined, status: 'applied' | 'cancelled') {
    const row = this.history.find((c) => c.id === id);
    if (row) row.status = status;
  }

  private pendingRow(kind: WireChange['kind'], period: RgPeriod) {
    return this.history.find((c) => c.kind === kind && c.period === period && c.status === 'pending');
  }

  private view() {
    const now = Date.now();
    const limits = (l: Limits) =>
      Object.fromEntries(
        RG_PERIODS.map((p) => [
          p,
          {
            ...l[p],
            pending: l[p].pending && {
              ...l[p].pending,
              awaitingConfirmation: Date.parse(l[p].pending.effectiveAt) <= now,
            },
          },
        ]),
      );
    const live = (until: string | null) => (until != null && Date.parse(until) > now ? until : null);
    return {
      depositLimit: limits(this.depositLimit),
      lossLimit: limits(this.lossLimit),
      realityCheckMinutes: this.realityCheckMinutes,
      timeOutUntil: live(this.timeOutUntil),
      selfExcludedUntil: live(this.selfExcludedUntil),
      session: this.session,
      history: this.history.slice(0, 50),
    };
  }

  private change(body: Record<string, unknown>) {
    const now = new Date();
    // Judged first: a refusal changes nothing.
    for (const field of ['timeOutUntil', 'selfExcludedUntil'] as const) {
      const asked = body[field] as string | undefined;
      const current = this[field] != null && Date.parse(this[field]) > now.getTime() ? this[field] : null;
      if (asked !== undefined && current != null && Date.parse(asked) < Date.parse(current))
        failWith('RG_CHANGE_REFUSED');
    }
    if (body.confirmIncreases === true) {
      for (const field of ['depositLimit', 'lossLimit'] as const)
        for (const p of RG_PERIODS) {
          const limit = this[field][p];
          if (limit.pending && Date.parse(limit.pending.effectiveAt) <= now.getTime()) {
            limit.amount = limit.pending.amount;
            limit.pending = null;
            this.settle(this.pendingRow(KIND[field], p)?.id, 'applied');
          }
        }
    }
    for (const field of ['depositLimit', 'lossLimit'] as const) {
      const asked = body[field] as Partial<Record<RgPeriod, Paise | null>> | undefined;
      if (!asked) continue;
      for (const p of RG_PERIODS) {
        if (asked[p] === undefined) continue;
        const requested = asked[p] == null ? null : paiseToRupees(asked[p]);
        const limit = this[field][p];
        const waiting = this.pendingRow(KIND[field], p);
        if (requested === limit.amount) {
          limit.pending = null;
          this.settle(waiting?.id, 'cancelled');
        } else if (limit.amount == null || (requested != null && requested < limit.amount)) {
          limit.pending = null;
          this.settle(waiting?.id, 'cancelled');
          this.record(KIND[field], p, limit.amount, requested, now, now.toISOString(), 'applied');
          limit.amount = requested;
        } else if (limit.pending?.amount !== requested) {
          this.settle(waiting?.id, 'cancelled');
          const effectiveAt = new Date(now.getTime() + 24 * HOUR).toISOString();
          limit.pending = { amount: requested, requestedAt: now.toISOString(), effectiveAt };
          this.record(KIND[field], p, limit.amount, requested, now, effectiveAt, 'pending');
        }
      }
    }
    if (body.realityCheckMinutes !== undefined && body.realityCheckMinutes !== this.realityCheckMinutes) {
      const to = body.realityCheckMinutes as number | null;
      this.record('reality_check', null, this.realityCheckMinutes, to, now, now.toISOString(), 'applied');
      this.realityCheckMinutes = to;
    }
    for (const [field, kind] of [
      ['timeOutUntil', 'time_out'],
      ['selfExcludedUntil', 'self_exclusion'],
    ] as const) {
      const asked = body[field] as string | undefined;
      if (asked === undefined || asked === this[field]) continue;
      this.record(kind, null, this[field], asked, now, now.toISOString(), 'applied');
      this[field] = asked;
    }
  }

  private handle = (key: RouteKey, { body }: { body: Record<string, unknown> }): unknown => {
    const failure = this.failing[key];
    if (failure) failWith(failure.code, failure.message);
    switch (key) {
      case 'getResponsibleGaming':
        return this.view();
      case 'setResponsibleGaming':
        this.change(body);
        return this.view();
      default:
        throw new Error(`unexpected call ${key}`);
    }
  };

  call = wireCall(this.handle, this.calls);
}

export const fakeRgApi = new FakeRgApi();
