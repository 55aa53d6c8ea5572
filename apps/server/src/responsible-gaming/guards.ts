import type { Paise } from '@backlay/exchange';
import type { Executor, Tx } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import * as repo from './responsible-gaming-repository';
import { barredError, depositRefusal, lossRefusal, netLoss } from './rules';

/*
 * What the other features ask before they let a player play or pay in (README.md beside this
 * file). Each runs in the caller's transaction, after the caller's own lock (the wallet row), so
 * what it read still holds when the write it guards commits. Each throws the refusal.
 */

/** A player in a time-out or a self-exclusion may not play, deposit or claim: PLAYER_TIMED_OUT or PLAYER_SELF_EXCLUDED. */
export async function refuseIfBarred(ex: Executor, userId: number): Promise<void> {
  const standing = await repo.findStanding(ex, userId);
  if (!standing) throw new AppError('UNAUTHENTICATED');
  const barred = barredError(standing);
  if (barred) throw barred;
}

/**
 * A deposit (a manual request, a gateway order) of `amount`, judged as it is written: in the
 * deposit's transaction, under the player's responsible-gaming lock, so two deposits asked at once
 * are judged one after the other. Refused while barred, and over any deposit limit
 * (DEPOSIT_LIMIT_REACHED naming the period and what is left).
 */
export async function guardDeposit(tx: Tx, userId: number, amount: Paise): Promise<void> {
  await repo.lockPlayer(tx, userId);
  await checkDeposit(tx, userId, amount);
}

/**
 * The same judgement without the lock: asked before work a refused deposit must not cause (opening
 * an order with the payment provider, storing a screenshot). The write's own guardDeposit decides.
 */
export async function checkDeposit(ex: Executor, userId: number, amount: Paise): Promise<void> {
  const state = await repo.depositState(ex, userId);
  if (!state) throw new AppError('UNAUTHENTICATED');
  const barred = barredError(state);
  if (barred) throw barred;
  if (!state.used) return;
  const refused = depositRefusal(state.limits, state.used, amount);
  if (refused) throw refused;
}

/**
 * New risk outside the bet path (a casino stake, an edited resting order): refused while barred,
 * and when what the player lost in a window, plus `atRisk` (their open bets' exposure), plus
 * `added` would pass a loss limit. Call it after the wallet's row lock.
 */
export async function guardRisk(
  ex: Executor,
  userId: number,
  risk: { atRisk: Paise; added: number; what: 'bet' | 'stake' },
): Promise<void> {
  const state = await repo.stakeState(ex, userId);
  if (!state) throw new AppError('UNAUTHENTICATED');
  const barred = barredError(state);
  if (barred) throw barred;
  if (!state.loss) return;
  const refused = lossRefusal(
    state.loss.limits,
    lostPerWindow(state.loss),
    risk.atRisk,
    risk.added,
    risk.what,
  );
  if (refused) throw refused;
}

/** What the player lost in each window (net results, never below zero). */
export function lostPerWindow(state: repo.LossState) {
  return {
    day: netLoss(state.netResults.day),
    week: netLoss(state.netResults.week),
    month: netLoss(state.netResults.month),
  };
}
