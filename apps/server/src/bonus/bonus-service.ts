import type {
  BonusDefinition,
  BonusStatus,
  OperatorBonus,
  PlayerBonus,
  UpdateBonusInputSchema,
} from '@backlay/contract';
import { paise, ZERO_PAISE, type Paise } from '@backlay/exchange';
import type { z } from 'zod';
import type { Ledger, MoneyWriter } from '../ledger';
import type { Db, Executor } from '../platform/db/database';
import type { AuthUser, OperatorAction } from '../platform/http/auth-user';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import { refuseIfBarred } from '../responsible-gaming';
import * as repo from './bonus-repository';

/*
 * The bonus rules (section C2, docs/bonuses-and-referrals.md). Bonus money sits in the player's
 * PLAYER_BONUS account beside cash and is never staked; it turns into cash in one journal when its
 * wagering is met, and goes back to the house when it expires or the player withdraws while it is
 * active. One active claim a player (the database's user_bonuses_one_active too).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** India's offset from UTC: cashback periods are India days. */
const IST_MS = 5.5 * 60 * 60 * 1000;

type Audit = (executor: Executor, action: OperatorAction) => Promise<void>;

const STATUS: Record<repo.ClaimStatus, BonusStatus> = {
  ACTIVE: 'Active',
  COMPLETED: 'Completed',
  EXPIRED: 'Expired',
  FORFEITED: 'Forfeited',
};

/** The India calendar day of an instant, YYYY-MM-DD. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);
}

const percentOf = (amount: Paise, bps: number): Paise => paise(Math.floor((amount * bps) / 10_000));
const minPaise = (a: Paise, b: Paise): Paise => (a < b ? a : b);

/** Whether a claim would work now, what it would pay and under which period key, or why not. */
type Verdict =
  { ok: true; amount: Paise; periodKey: string } | { ok: false; reason: string; amount: Paise | null };

function toValues(input: BonusDefinition): repo.BonusValues {
  return {
    title: input.title,
    description: input.description,
    kind: input.kind,
    percentBps: input.percent === null ? null : Math.round(input.percent * 100),
    amountPaise: input.amount,
    maxAmountPaise: input.maxAmount,
    minDepositPaise: input.minDeposit,
    wageringMultiplier: input.wageringMultiplier,
    validDays: input.validDays,
    cashbackPeriodDays: input.cashbackPeriodDays,
    terms: input.terms,
    visible: input.visible,
    active: input.active,
  };
}

function toOperatorBonus(b: repo.BonusRow, claims: number): OperatorBonus {
  return {
    id: b.id,
    title: b.title,
    description: b.description,
    kind: b.kind,
    percent: b.percentBps === null ? null : b.percentBps / 100,
    amount: b.amountPaise,
    maxAmount: b.maxAmountPaise,
    minDeposit: b.minDepositPaise,
    wageringMultiplier: b.wageringMultiplier,
    validDays: b.validDays,
    cashbackPeriodDays: b.cashbackPeriodDays,
    terms: b.terms,
    visible: b.visible,
    active: b.active,
    claims,
    updatedAt: b.updatedAt.toISOString(),
  };
}

/** The audit row's before or after: the terms in one line. */
function summary(b: repo.BonusRow | null): Record<string, unknown> | null {
  if (!b) return null;
  return {
    title: b.title,
    kind: b.kind,
    pays:
      b.kind === 'Free'
        ? formatRupees(b.amountPaise ?? ZERO_PAISE)
        : `${(b.percentBps ?? 0) / 100}% up to ${formatRupees(b.maxAmountPaise)}`,
    minDeposit: formatRupees(b.minDepositPaise),
    wagering: `x${b.wageringMultiplier}`,
    validDays: b.validDays,
    visible: b.visible,
    active: b.active,
  };
}

function offer(
  b: repo.BonusRow,
): Omit<
  PlayerBonus,
  | 'userBonusId'
  | 'status'
  | 'claimable'
  | 'reason'
  | 'amount'
  | 'wagered'
  | 'wageringRequired'
  | 'claimedAt'
  | 'expiresAt'
  | 'endedAt'
> {
  return {
    id: b.id,
    title: b.title,
    description: b.description,
    kind: b.kind,
    percent: b.percentBps === null ? null : b.percentBps / 100,
    maxAmount: b.maxAmountPaise,
    minDeposit: b.minDepositPaise,
    wageringMultiplier: b.wageringMultiplier,
    validDays: b.validDays,
    terms: b.terms,
  };
}

function claimView(b: repo.BonusRow, c: repo.ClaimRow): PlayerBonus {
  return {
    ...offer(b),
    userBonusId: c.id,
    status: STATUS[c.status],
    claimable: false,
    reason: c.status === 'ACTIVE' ? 'Claimed: bet to turn it into cash.' : null,
    amount: c.amountPaise,
    wagered: c.wageredPaise,
    wageringRequired: c.wageringRequiredPaise,
    claimedAt: c.claimedAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
    endedAt: c.endedAt ? c.endedAt.toISOString() : null,
  };
}

export class BonusService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    /** Now, for the rules' windows (a test moves it; the database's own now() decides expiry). */
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // ---------------------------------------------------------------- the operator's catalogue

  async operatorList(domainId: number): Promise<OperatorBonus[]> {
    const found = await repo.listBonuses(this.db, domainId);
    return found.map((b) => toOperatorBonus(b, b.claims));
  }

  async create(domainId: number, input: BonusDefinition, audit: Audit): Promise<OperatorBonus> {
    return this.db.transaction(async (tx) => {
      const created = await repo.insertBonus(tx, domainId, toValues(input));
      await audit(tx, {
        action: 'bonus.create',
        target: `bonus:${created.id}`,
        before: null,
        after: summary(created),
      });
      return toOperatorBonus(created, 0);
    });
  }

  /** Replaces a bonus's definition; claims already made keep the amount, wagering and expiry they got. */
  async update(
    domainId: number,
    input: z.output<typeof UpdateBonusInputSchema>,
    audit: Audit,
  ): Promise<OperatorBonus> {
    const { id, ...definition } = input;
    return this.db.transaction(async (tx) => {
      const before = await repo.findBonus(tx, domainId, id, { lock: true });
      if (!before) throw new AppError('NOT_FOUND', 'No such bonus on this site.');
      const after = await repo.updateBonus(tx, domainId, id, toValues(definition));
      if (!after) throw new AppError('NOT_FOUND', 'No such bonus on this site.');
      await audit(tx, {
        action: 'bonus.update',
        target: `bonus:${id}`,
        before: summary(before),
        after: summary(after),
      });
      return toOperatorBonus(after, await repo.claimCount(tx, id));
    });
  }

  /** The domain's active bonuses visitors may see (the sport tree's `bonuses`). */
  async visible(
    domainId: number,
  ): Promise<{ id: number; title: string; description: string; kind: string; terms: string }[]> {
    const found = await repo.listBonuses(this.db, domainId, { activeOnly: true, visibleOnly: true });
    return found.map((b) => ({
      id: b.id,
      title: b.title,
      description: b.description,
      kind: b.kind,
      terms: b.terms,
    }));
  }

  // ---------------------------------------------------------------- the player's bonuses

  /**
   * Every active bonus of the domain as this player sees it, and every claim the player made (an
   * inactive bonus still shows the claims of it): active claims first, then the offers, then the
   * ended claims, newest first.
   */
  async list(user: AuthUser): Promise<PlayerBonus[]> {
    const [catalogue, claims] = await Promise.all([
      repo.listBonuses(this.db, user.domainId),
      repo.claimsOf(this.db, user.userId),
    ]);
    const byId = new Map(catalogue.map((b) => [b.id, b]));
    const active = claims.filter((c) => c.status === 'ACTIVE');
    const offers: PlayerBonus[] = [];
    for (const b of catalogue) {
      if (!b.active) continue;
      const mine = claims.filter((c) => c.bonusId === b.id);
      // A once-only bonus claimed is shown as its claim; one running is shown as its claim.
      if (mine.some((c) => c.status === 'ACTIVE' || c.periodKey === 'once')) continue;
      const verdict = await this.judge(this.db, user, b, active[0] ?? null, this.clock());
      offers.push({
        ...offer(b),
        userBonusId: null,
        status: 'Available',
        claimable: verdict.ok,
        reason: verdict.ok ? null : verdict.reason,
        amount: verdict.amount,
        wagered: ZERO_PAISE,
        wageringRequired: verdict.amount === null ? ZERO_PAISE : paise(verdict.amount * b.wageringMultiplier),
        claimedAt: null,
        expiresAt: null,
        endedAt: null,
      });
    }
    const view = (c: repo.ClaimRow) => {
      const b = byId.get(c.bonusId);
      return b ? [claimView(b, c)] : [];
    };
    return [...active.flatMap(view), ...offers, ...claims.filter((c) => c.status !== 'ACTIVE').flatMap(view)];
  }

  /**
   * Claims a bonus: the grant (HOUSE_BONUS → PLAYER_BONUS) and the claim in one transaction, the
   * wallet locked first so two claims of one player run one after the other (the second sees the
   * first's active claim and is refused). A bonus without wagering turns into cash at once.
   */
  async claim(user: AuthUser, bonusId: number): Promise<PlayerBonus> {
    return this.ledger.transaction(async (money) => {
      await money.wallet(user.userId, { forUpdate: true });
      // Responsible gaming: no bonus while the player takes a time-out or is excluded from play.
      await refuseIfBarred(money.tx, user.userId);
      const bonus = await repo.findBonus(money.tx, user.domainId, bonusId);
      if (!bonus) throw new AppError('BONUS_NOT_CLAIMABLE', 'There is no such bonus on this site.');
      const verdict = await this.judge(
        money.tx,
        user,
        bonus,
        await repo.activeClaim(money.tx, user.userId),
        this.clock(),
      );
      if (!verdict.ok) throw new AppError('BONUS_NOT_CLAIMABLE', verdict.reason);
      const claim = await repo.insertClaim(money.tx, {
        userId: user.userId,
        domainId: user.domainId,
        bonusId: bonus.id,
        periodKey: verdict.periodKey,
        amountPaise: verdict.amount,
        wageringRequiredPaise: paise(verdict.amount * bonus.wageringMultiplier),
        validDays: bonus.validDays,
      });
      if (!claim) throw new AppError('BONUS_NOT_CLAIMABLE', 'You have already claimed this bonus.');
      const { journalId } = await money.moveBonus({
        userId: user.userId,
        direction: 'grant',
        amount: claim.amountPaise,
        reference: `bonus:${claim.id}:grant`,
        description: `Bonus claimed: ${bonus.title}`,
      });
      await repo.setClaimJournal(money.tx, claim.id, journalId);
      const ended = claim.wageringRequiredPaise <= 0 ? await this.convert(money, claim, bonus.title) : null;
      return claimView(bonus, ended ?? claim);
    });
  }

  /** Whether the player may claim the bonus now, what it pays, and the period it is claimed for. */
  private async judge(
    ex: Executor,
    user: AuthUser,
    bonus: repo.BonusRow,
    active: repo.ClaimRow | null,
    now: Date,
  ): Promise<Verdict> {
    const no = (reason: string, amount: Paise | null = null): Verdict => ({ ok: false, reason, amount });
    if (!bonus.active) return no('This bonus is no longer offered.');
    if (user.isDemo || (await repo.isDemoUser(ex, user.userId))) {
      return no('A demo account plays with play money and cannot claim bonuses.');
    }
    const found = await this.amountFor(ex, user.userId, bonus, now);
    if (!found.ok) return found;
    if (await repo.hasClaimFor(ex, user.userId, bonus.id, found.periodKey)) {
      return no(
        bonus.kind === 'Reload'
          ? 'You have already claimed a reload bonus on your latest deposit.'
          : 'You have already claimed this bonus.',
      );
    }
    if (active) {
      return no(
        'You already have an active bonus: bet its wagering or let it end before claiming another.',
        found.amount,
      );
    }
    return found;
  }

  /** The kind's condition and amount. */
  private async amountFor(ex: Executor, userId: number, b: repo.BonusRow, now: Date): Promise<Verdict> {
    const no = (reason: string, amount: Paise | null = null): Verdict => ({ ok: false, reason, amount });
    const percent = (base: Paise) => minPaise(percentOf(base, b.percentBps ?? 0), b.maxAmountPaise);
    const within = (at: Date) => now.getTime() - at.getTime() <= b.validDays * DAY_MS;
    const days = `${b.validDays} day${b.validDays === 1 ? '' : 's'}`;
    switch (b.kind) {
      case 'Free':
        return {
          ok: true,
          amount: minPaise(b.amountPaise ?? ZERO_PAISE, b.maxAmountPaise),
          periodKey: 'once',
        };
      case 'FirstDeposit': {
        const [first] = await repo.depositsOf(ex, userId);
        if (!first)
          return no(`Make your first deposit of at least ${formatRupees(b.minDepositPaise)} to claim it.`);
        if (first.amount < b.minDepositPaise) {
          return no(`Your first deposit was less than ${formatRupees(b.minDepositPaise)}.`);
        }
        const amount = percent(first.amount);
        if (!within(first.at))
          return no(`This bonus had to be claimed within ${days} of your first deposit.`, amount);
        if (amount <= 0) return no('Your first deposit is too small for this bonus.');
        return { ok: true, amount, periodKey: 'once' };
      }
      case 'Reload': {
        // On the latest deposit only (after the first): a deposit passed over for a newer one is
        // not reloaded later, so the offer always reads "on your latest deposit".
        const latest = (await repo.depositsOf(ex, userId)).slice(1).at(-1);
        if (!latest) {
          return no(
            `Make a deposit of at least ${formatRupees(b.minDepositPaise)} after your first one to claim it.`,
          );
        }
        if ((await repo.reloadKeysUsed(ex, userId)).has(latest.reference)) {
          return no('You have already claimed a reload bonus on your latest deposit.');
        }
        if (latest.amount < b.minDepositPaise) {
          return no(`Your latest deposit was less than ${formatRupees(b.minDepositPaise)}.`);
        }
        const amount = percent(latest.amount);
        if (!within(latest.at))
          return no(`This bonus had to be claimed within ${days} of the deposit.`, amount);
        if (amount <= 0) return no('Your latest deposit is too small for this bonus.');
        return { ok: true, amount, periodKey: latest.reference };
      }
      case 'Cashback': {
        const period = b.cashbackPeriodDays * DAY_MS;
        const start = new Date(now.getTime() - period);
        const last = await repo.lastClaimAt(ex, userId, b.id);
        if (last && last.getTime() > start.getTime()) {
          return no(
            `Cashback is paid once every ${b.cashbackPeriodDays} days: claim again from ${istDay(new Date(last.getTime() + period))}.`,
          );
        }
        const net = await repo.netSettledSince(ex, userId, start);
        if (net >= 0)
          return no(`You have no net losses on bets settled in the last ${b.cashbackPeriodDays} days.`);
        const amount = percent(paise(-net));
        if (amount <= 0) return no('Your net losses are too small for cashback.');
        return { ok: true, amount, periodKey: istDay(start) };
      }
    }
  }

  // ---------------------------------------------------------------- wagering and its end

  /**
   * Counts the player's settled bets towards their active claim (one row a bet; a bet counted
   * already is skipped) and converts the claim when its wagering is met, in one transaction. Run
   * on every BetSettled and by the job's sweep; running it twice counts nothing twice.
   */
  async countBets(userId: number): Promise<void> {
    await this.ledger.transaction(async (money) => {
      const claim = await repo.activeClaim(money.tx, userId, { lock: true });
      if (!claim) return;
      const added = await repo.insertBetWagers(money.tx, claim.id);
      if (added > 0) await this.addWagering(money, claim, added);
    });
  }

  /** A wager recorded for the claim: its wagering grows, and at the requirement the bonus turns into cash. */
  async addWagering(money: MoneyWriter, claim: repo.ClaimRow, added: Paise): Promise<void> {
    const wagered = await repo.addWagered(money.tx, claim.id, added);
    if (wagered >= claim.wageringRequiredPaise) await this.convert(money, claim);
  }

  private convert(money: MoneyWriter, claim: repo.ClaimRow, title?: string): Promise<repo.ClaimRow | null> {
    return convertClaim(money, claim, title);
  }

  /** The claim's bonus money back to the house, the claim ended as `status`. */
  private async forfeit(
    money: MoneyWriter,
    claim: repo.ClaimRow,
    status: 'EXPIRED' | 'FORFEITED',
  ): Promise<void> {
    const { journalId } = await money.moveBonus({
      userId: claim.userId,
      direction: 'forfeit',
      amount: claim.amountPaise,
      reference: `bonus:${claim.id}:${status === 'EXPIRED' ? 'expire' : 'forfeit'}`,
      description: status === 'EXPIRED' ? 'Bonus expired' : 'Bonus forfeited by a withdrawal',
    });
    await repo.endClaim(money.tx, claim.id, status, journalId);
  }

  /**
   * The cashier's BonusGuard: a withdrawal while a bonus is active is refused (BONUS_ACTIVE) unless
   * the player confirmed forfeiting it; then the bonus alone is forfeited, in the withdrawal's
   * transaction. The claim is locked, so a conversion or expiry under way finishes first.
   */
  readonly guard = {
    beforeWithdrawal: async (money: MoneyWriter, userId: number, opts: { forfeitBonus: boolean }) => {
      const claim = await repo.activeClaim(money.tx, userId, { lock: true });
      if (!claim) return;
      if (!opts.forfeitBonus) throw new AppError('BONUS_ACTIVE');
      await this.forfeit(money, claim, 'FORFEITED');
    },
  };

  /**
   * Expires active claims past their expiry, one transaction each, the claim locked with SKIP
   * LOCKED (servers running this at once take different claims; the journal reference makes a
   * repeat move nothing). Bets settled before the expiry are counted first, so a claim whose last
   * bet's event was lost converts instead. Answers how many expired.
   */
  async expireDue(limit = 100): Promise<number> {
    let expired = 0;
    for (let i = 0; i < limit; i++) {
      const done = await this.ledger.transaction(async (money) => {
        const [claim] = await repo.lockExpiredClaims(money.tx, 1);
        if (!claim) return 'none' as const;
        const added = await repo.insertBetWagers(money.tx, claim.id);
        const wagered = added > 0 ? await repo.addWagered(money.tx, claim.id, added) : claim.wageredPaise;
        if (wagered >= claim.wageringRequiredPaise) {
          await this.convert(money, claim);
          return 'converted' as const;
        }
        await this.forfeit(money, claim, 'EXPIRED');
        return 'expired' as const;
      });
      if (done === 'none') break;
      if (done === 'expired') expired += 1;
    }
    return expired;
  }

  /** Counts the settled bets a lost BetSettled left uncounted; answers the players swept. */
  async sweepWagers(limit = 200): Promise<number> {
    const players = await repo.playersWithUncountedBets(this.db, limit);
    for (const userId of players) await this.countBets(userId);
    return players.length;
  }

  /** Audit trail of a claim's progress. */
  wagers(claimId: number) {
    return repo.wagersOf(this.db, claimId);
  }
}

/**
 * A casino wager towards the player's active bonus (issue 15): call it inside the casino debit's
 * Ledger.transaction, with its MoneyWriter, so the wager row, the wagering and a conversion it
 * completes commit with the debit. The same (provider, transactionId) counts once. Answers whether
 * it counted.
 */
export async function recordCasinoWager(
  money: MoneyWriter,
  input: { userId: number; provider: string; transactionId: string; amount: Paise },
): Promise<boolean> {
  if (input.amount <= 0) return false;
  const claim = await repo.activeClaim(money.tx, input.userId, { lock: true });
  // Past its expiry the claim only waits for the job to end it: nothing counts any more.
  if (!claim || claim.expiresAt.getTime() <= Date.now()) return false;
  const counted = await repo.insertCasinoWager(
    money.tx,
    claim.id,
    `${input.provider}:${input.transactionId}`,
    input.amount,
  );
  if (!counted) return false;
  const wagered = await repo.addWagered(money.tx, claim.id, input.amount);
  if (wagered >= claim.wageringRequiredPaise) await convertClaim(money, claim);
  return true;
}

/**
 * A casino bet rolled back by its provider no longer counts: inside the rollback's transaction, its
 * wager row leaves the player's active claim and the claim's wagering goes down by it. A claim that
 * has ended (the wager may have completed it) is left as it is; the casino's own log keeps the trail.
 * Answers whether a wager was taken back.
 */
export async function uncountCasinoWager(
  money: MoneyWriter,
  input: { userId: number; provider: string; transactionId: string },
): Promise<boolean> {
  const claim = await repo.activeClaim(money.tx, input.userId, { lock: true });
  if (!claim) return false;
  const removed = await repo.deleteCasinoWager(
    money.tx,
    claim.id,
    `${input.provider}:${input.transactionId}`,
  );
  if (removed === null) return false;
  await repo.addWagered(money.tx, claim.id, paise(-removed));
  return true;
}

/** The claim's bonus money to the player's cash (one journal) and the claim completed. */
async function convertClaim(
  money: MoneyWriter,
  claim: repo.ClaimRow,
  title?: string,
): Promise<repo.ClaimRow | null> {
  const { journalId } = await money.moveBonus({
    userId: claim.userId,
    direction: 'convert',
    amount: claim.amountPaise,
    reference: `bonus:${claim.id}:convert`,
    description: `Bonus wagering met${title ? `: ${title}` : ''}, turned into cash`,
  });
  return repo.endClaim(money.tx, claim.id, 'COMPLETED', journalId);
}
