import {
  RG_PERIODS,
  type ResponsibleGaming,
  type ResponsibleGamingInput,
  type RgChange,
  type RgLimitState,
  type RgPeriod,
} from '@backlay/contract';
import { paise, paiseToRupees, type Paise } from '@backlay/exchange';
import type { Db, Tx } from '../platform/db/database';
import type { AuthUser } from '../platform/http/auth-user';
import { AppError } from '../platform/http/app-error';
import * as repo from './responsible-gaming-repository';
import {
  awaitingConfirmation,
  decideLimitChange,
  judgeBar,
  netLoss,
  type BarKind,
  type PerPeriod,
  type PeriodLimits,
} from './rules';

/*
 * The player's responsible-gaming settings (api-shapes C6, README.md beside this file): the answer
 * of GET Account/ResponsibleGaming and the changes of POST. A change is one transaction under the
 * player's responsible-gaming lock (the one deposits take): everything asked is judged first, so a
 * refused request changes nothing, then every limit, the reality check, a time-out and an exclusion
 * are written with their history rows.
 */

/** How many changes the answer's history holds, newest first. */
export const HISTORY_LENGTH = 50;

type LimitKind = 'deposit' | 'loss';
const CHANGE_KIND: Record<LimitKind, 'deposit_limit' | 'loss_limit'> = {
  deposit: 'deposit_limit',
  loss: 'loss_limit',
};
const INPUT_FIELD: Record<LimitKind, 'depositLimit' | 'lossLimit'> = {
  deposit: 'depositLimit',
  loss: 'lossLimit',
};

/** A limit as the history stores it (paise as text), and back. */
const storedAmount = (amount: Paise | null): string | null => (amount === null ? null : String(amount));
const amountOf = (stored: string | null): Paise | null => (stored === null ? null : paise(Number(stored)));
/** A stored limit as the wire's history shows it: rupees. */
const rupeesText = (stored: string | null): string | null =>
  stored === null ? null : String(paiseToRupees(paise(Number(stored))));

export class ResponsibleGamingService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The answer: each limit with what was used of it and any pending change, the reality check,
   * the time-out and exclusion in force, the session (since `tokenIssuedAt` when its sign-in row
   * cannot be read) and the history.
   */
  async view(user: AuthUser, tokenIssuedAt: Date | null): Promise<ResponsibleGaming> {
    const now = this.now();
    const [limits, pending, used, standing, changes, sessionStart] = await Promise.all([
      repo.findLimits(this.db, user.userId),
      repo.pendingChanges(this.db, user.userId),
      repo.usage(this.db, user.userId),
      repo.findStanding(this.db, user.userId),
      repo.history(this.db, user.userId, HISTORY_LENGTH),
      repo.sessionStartedAt(this.db, user.userId, user.sessionId),
    ]);
    if (!standing) throw new AppError('UNAUTHENTICATED');
    const startedAt = sessionStart ?? tokenIssuedAt ?? now;
    const lost: PerPeriod<Paise> = {
      day: netLoss(used.netResults.day),
      week: netLoss(used.netResults.week),
      month: netLoss(used.netResults.month),
    };
    const states = (kind: LimitKind, amounts: PeriodLimits, usedOf: PerPeriod<Paise>) =>
      Object.fromEntries(
        RG_PERIODS.map((period): [RgPeriod, RgLimitState] => {
          const p = pending.find((c) => c.kind === CHANGE_KIND[kind] && c.period === period);
          return [
            period,
            {
              amount: amounts[period],
              used: usedOf[period],
              pending: p
                ? {
                    amount: amountOf(p.toValue),
                    requestedAt: p.requestedAt.toISOString(),
                    effectiveAt: p.effectiveAt.toISOString(),
                    awaitingConfirmation: awaitingConfirmation(p.effectiveAt, now),
                  }
                : null,
            },
          ];
        }),
      ) as Record<RgPeriod, RgLimitState>;
    return {
      depositLimit: states('deposit', limits.deposit, used.deposits),
      lossLimit: states('loss', limits.loss, lost),
      realityCheckMinutes: limits.realityCheckMinutes,
      timeOutUntil: standing.timedOutUntil?.toISOString() ?? null,
      selfExcludedUntil: standing.excludedUntil?.toISOString() ?? null,
      session: {
        startedAt: startedAt.toISOString(),
        netResult: await repo.netResultSince(this.db, user.userId, startedAt),
      },
      history: changes.map(toWireChange),
    };
  }

  /** POST Account/ResponsibleGaming: every change asked for, or (on any refusal) none. */
  async change(
    user: AuthUser,
    input: ResponsibleGamingInput,
    tokenIssuedAt: Date | null,
  ): Promise<ResponsibleGaming> {
    await this.db.transaction(async (tx) => {
      await repo.lockPlayer(tx, user.userId);
      const now = this.now();
      const record = (change: Omit<repo.ChangeRow, 'id'>) =>
        repo.insertChange(tx, { ...change, userId: user.userId, domainId: user.domainId });

      // Judged before anything is written: a time-out or exclusion refused refuses the whole request.
      const stored = await repo.findBars(tx, user.userId);
      const inForce = (until: Date | null) => (until && until.getTime() > now.getTime() ? until : null);
      const bars: { kind: BarKind; field: 'timeOutUntil' | 'selfExcludedUntil'; current: Date | null }[] = [
        { kind: 'time_out', field: 'timeOutUntil', current: inForce(stored.timedOutUntil) },
        { kind: 'self_exclusion', field: 'selfExcludedUntil', current: inForce(stored.excludedUntil) },
      ];
      const barChanges: { kind: BarKind; from: Date | null; to: Date }[] = [];
      for (const bar of bars) {
        const asked = input[bar.field];
        if (asked === undefined) continue;
        const to = new Date(asked);
        const verdict = judgeBar(bar.kind, to, bar.current, now);
        if (!verdict.ok) {
          throw new AppError(
            verdict.code,
            verdict.message,
            verdict.code === 'VALIDATION_FAILED'
              ? [{ field: bar.field, message: verdict.message }]
              : undefined,
          );
        }
        if (verdict.changed) barChanges.push({ kind: bar.kind, from: bar.current, to });
      }

      const limits = await repo.findLimits(tx, user.userId);
      const next: repo.LimitsRow = {
        deposit: { ...limits.deposit },
        loss: { ...limits.loss },
        realityCheckMinutes: limits.realityCheckMinutes,
      };
      let pending = await repo.pendingChanges(tx, user.userId);
      const limitOf = (c: repo.ChangeRow): LimitKind | null =>
        c.kind === 'deposit_limit' ? 'deposit' : c.kind === 'loss_limit' ? 'loss' : null;

      // Confirmation first: the changes below are judged against the limits it applies.
      if (input.confirmIncreases) {
        for (const c of pending) {
          const kind = limitOf(c);
          if (!kind || !c.period || !awaitingConfirmation(c.effectiveAt, now)) continue;
          next[kind][c.period] = amountOf(c.toValue);
          await repo.decidePending(tx, c.id, 'applied', now);
        }
        pending = await repo.pendingChanges(tx, user.userId);
      }

      for (const kind of ['deposit', 'loss'] as const) {
        const asked = input[INPUT_FIELD[kind]];
        if (!asked) continue;
        for (const period of RG_PERIODS) {
          const requested = asked[period];
          if (requested === undefined) continue;
          const current = next[kind][period];
          const waiting = pending.find((c) => limitOf(c) === kind && c.period === period) ?? null;
          const decision = decideLimitChange(
            current,
            waiting ? { amount: amountOf(waiting.toValue) } : null,
            requested,
            now,
          );
          const base = {
            kind: CHANGE_KIND[kind],
            period,
            fromValue: storedAmount(current),
            toValue: storedAmount(requested),
            requestedAt: now,
          };
          switch (decision.action) {
            case 'none':
            case 'keep-pending':
              break;
            case 'cancel-pending':
              if (waiting) await repo.decidePending(tx, waiting.id, 'cancelled', now);
              break;
            case 'apply':
              if (waiting) await repo.decidePending(tx, waiting.id, 'cancelled', now);
              next[kind][period] = requested;
              await record({ ...base, effectiveAt: now, status: 'applied' });
              break;
            case 'pend':
              if (waiting) await repo.decidePending(tx, waiting.id, 'cancelled', now);
              await record({ ...base, effectiveAt: decision.effectiveAt, status: 'pending' });
              break;
          }
        }
      }

      if (
        input.realityCheckMinutes !== undefined &&
        input.realityCheckMinutes !== limits.realityCheckMinutes
      ) {
        next.realityCheckMinutes = input.realityCheckMinutes;
        await record({
          kind: 'reality_check',
          period: null,
          fromValue: limits.realityCheckMinutes === null ? null : String(limits.realityCheckMinutes),
          toValue: input.realityCheckMinutes === null ? null : String(input.realityCheckMinutes),
          requestedAt: now,
          effectiveAt: now,
          status: 'applied',
        });
      }
      if (changedLimits(limits, next)) await repo.saveLimits(tx, user.userId, user.domainId, next);

      for (const bar of barChanges) {
        await this.setBar(tx, user.userId, bar.kind, bar.to);
        await record({
          kind: bar.kind,
          period: null,
          fromValue: bar.from?.toISOString() ?? null,
          toValue: bar.to.toISOString(),
          requestedAt: now,
          effectiveAt: now,
          status: 'applied',
        });
      }
    });
    return this.view(user, tokenIssuedAt);
  }

  private async setBar(tx: Tx, userId: number, kind: BarKind, until: Date): Promise<void> {
    if (kind === 'time_out') await repo.setTimedOutUntil(tx, userId, until);
    else await repo.setExcludedUntil(tx, userId, until);
  }

  /** Development: one player's responsible-gaming times moved back (404 for no such player of the site). */
  async age(domainId: number, userName: string, hours: number): Promise<{ changed: number }> {
    const changed = await this.db.transaction((tx) => repo.ageTimes(tx, domainId, userName, hours));
    if (changed === null) throw new AppError('NOT_FOUND', `This site has no player ${userName}.`);
    return { changed };
  }
}

function changedLimits(a: repo.LimitsRow, b: repo.LimitsRow): boolean {
  return (
    a.realityCheckMinutes !== b.realityCheckMinutes ||
    RG_PERIODS.some((p) => a.deposit[p] !== b.deposit[p] || a.loss[p] !== b.loss[p])
  );
}

/** A stored change as the wire shows it: limits in rupees, minutes and times as they are. */
function toWireChange(c: repo.ChangeRow): RgChange {
  const limit = c.kind === 'deposit_limit' || c.kind === 'loss_limit';
  return {
    id: c.id,
    kind: c.kind,
    period: c.period,
    from: limit ? rupeesText(c.fromValue) : c.fromValue,
    to: limit ? rupeesText(c.toValue) : c.toValue,
    requestedAt: c.requestedAt.toISOString(),
    effectiveAt: c.effectiveAt.toISOString(),
    status: c.status,
  };
}
