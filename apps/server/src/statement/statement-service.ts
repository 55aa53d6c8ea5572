import { addPaise, negPaise, subPaise, sumPaise, ZERO_PAISE } from '@backlay/exchange';
import type { z } from 'zod';
import type {
  BetHistoryInputSchema,
  CasinoProviderId,
  CasinoRound,
  BetHistoryResultSchema,
  ProfitLossDetailResultSchema,
  ProfitLossInputSchema,
  ProfitLossResultSchema,
  StatementDetailResultSchema,
  StatementQuerySchema,
  StatementResultSchema,
  STATEMENT_KINDS,
  StatementKindFilter,
} from '@backlay/contract';
import { toHistoryItem } from '../betting';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import {
  betHistory,
  casinoProfitLossByGame,
  casinoRoundOfJournal,
  closedBetsOfEvent,
  closedBetsOfMarket,
  profitLossByEvent,
  settledMarketsOfEvent,
  statementLine,
  statementLines,
  type CasinoGameProfitLossRow,
  type CasinoMoveRow,
  type CasinoReader,
  type SettledMarketRow,
  type StatementLineRow,
} from './statement-repository';

type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * The journals a statement filter shows: cash held for a withdrawal is the withdrawal as the player
 * sees it (it leaves their balance when they ask), held cash given back is its reversal, a bonus
 * turned into cash is the bonus reaching their cash (its grant and forfeit move only the bonus
 * balance, so they are not on the cash statement), and `casino` (the web's "Game Report") is every
 * casino movement: bets, wins and rolled-back stakes.
 */
const JOURNAL_KINDS_OF: Partial<Record<StatementKindFilter, string[]>> = {
  withdrawal: ['withdrawal', 'funds_hold'],
  withdrawal_reversal: ['withdrawal_reversal', 'funds_release'],
  bonus: ['bonus', 'bonus_conversion'],
  casino: ['casino_debit', 'casino_credit'],
};
const CASINO_JOURNAL_KINDS = new Set(JOURNAL_KINDS_OF.casino);
const STATEMENT_KIND_OF: Record<string, StatementKind> = {
  funds_hold: 'withdrawal',
  funds_release: 'withdrawal_reversal',
  bonus_conversion: 'bonus',
};

function toStatementLine(l: StatementLineRow) {
  return {
    id: l.id,
    journalId: l.journalId,
    date: l.date,
    kind: STATEMENT_KIND_OF[l.kind] ?? (l.kind as StatementKind),
    description: l.description,
    credit: l.amountPaise > 0 ? l.amountPaise : ZERO_PAISE,
    debit: l.amountPaise < 0 ? negPaise(l.amountPaise) : ZERO_PAISE,
    balance: l.balanceAfterPaise,
  };
}

/** A casino round from its calls: what was staked, won and given back, and the player's net. */
function toCasinoRound(moves: CasinoMoveRow[]): CasinoRound | null {
  const first = moves[0];
  if (!first) return null;
  const total = (type: CasinoMoveRow['type']) =>
    sumPaise(moves.filter((m) => m.type === type).map((m) => m.amountPaise));
  const [stake, won, refunded] = [total('bet'), total('win'), total('rollback')];
  return {
    // The wallet's column allows only the five providers.
    provider: first.provider as CasinoProviderId,
    gameCode: moves.find((m) => m.gameCode !== null)?.gameCode ?? '',
    roundId: first.roundId,
    stake,
    won,
    refunded,
    net: subPaise(addPaise(won, refunded), stake),
    moves: moves.map((m) => ({
      type: m.type,
      transactionId: m.transactionId,
      amount: m.amountPaise,
      referenceTransactionId: m.referenceTransactionId,
      date: m.date,
    })),
  };
}

function toCasinoProfitLoss(rows: CasinoGameProfitLossRow[]) {
  const games = rows.map((r) => ({
    provider: r.provider as CasinoProviderId,
    gameCode: r.gameCode,
    rounds: r.rounds,
    stake: r.stakePaise,
    won: r.wonPaise,
    net: subPaise(r.wonPaise, r.stakePaise),
    lastPlayed: r.lastPlayedAt,
  }));
  const stake = sumPaise(games.map((g) => g.stake));
  const won = sumPaise(games.map((g) => g.won));
  return {
    casino: games,
    casinoTotal: {
      rounds: games.reduce((n, g) => n + g.rounds, 0),
      stake,
      won,
      net: subPaise(won, stake),
    },
  };
}

function resultText(m: SettledMarketRow): string {
  const r = m.result as { kind?: string; runnerId?: number; runs?: number } | null;
  if (!r || r.kind === 'void') return 'Void';
  if (r.kind === 'runs') return `${String(r.runs)} runs`;
  return m.runnerNames[String(r.runnerId)] ?? `Runner ${String(r.runnerId)}`;
}

/** Bet history, profit and loss, and the cash statement of the signed-in user. */
export class StatementService {
  constructor(private readonly db: Db) {}

  async betHistory(
    userId: number,
    q: z.output<typeof BetHistoryInputSchema>,
  ): Promise<z.output<typeof BetHistoryResultSchema>> {
    const oldestFirst = /\basc\b/i.test(q.Sorting ?? '');
    const { total, rows } = await betHistory(
      this.db,
      userId,
      {
        from: q.StartDate,
        to: q.EndDate,
        status: q.status !== 'ALL' ? q.status : undefined,
        sportId: q.sportId,
      },
      { limit: q.MaxResultCount, offset: q.SkipCount, oldestFirst },
    );
    return { totalCount: total, items: rows.map(toHistoryItem) };
  }

  /**
   * The exchange's settled events (paged) and the casino's games of the range (all of them, on every
   * page). Asked for one sport, the casino (sport -1 in the sport tree, not a filter the call takes)
   * has no rows.
   */
  async profitLoss(
    who: CasinoReader,
    q: z.output<typeof ProfitLossInputSchema>,
  ): Promise<z.output<typeof ProfitLossResultSchema>> {
    const range = { from: q.StartDate, to: q.EndDate };
    const [{ total, totalNetPaise, rows }, casinoRows] = await Promise.all([
      profitLossByEvent(this.db, who.userId, {
        ...range,
        sportId: q.sportId,
        limit: q.MaxResultCount,
        offset: q.SkipCount,
      }),
      q.sportId === undefined ? casinoProfitLossByGame(this.db, who, range) : Promise.resolve([]),
    ]);
    return {
      ...toCasinoProfitLoss(casinoRows),
      totalCount: total,
      total: totalNetPaise,
      items: rows.map((r) => ({
        eventId: r.eventId,
        eventName: r.eventName,
        sportId: r.sportId,
        settledTime: r.settledAt,
        stake: r.stakePaise,
        profitLoss: r.netPaise,
        commission: r.commissionPaise,
      })),
    };
  }

  async profitLossDetail(
    userId: number,
    eventId: number,
  ): Promise<z.output<typeof ProfitLossDetailResultSchema>> {
    const markets = await settledMarketsOfEvent(this.db, userId, eventId);
    const first = markets[0];
    if (!first) throw new AppError('NOT_FOUND', 'You have no settled bets on this event.');
    const bets = await closedBetsOfEvent(this.db, userId, eventId);
    return {
      eventId,
      eventName: first.eventName,
      markets: markets.map((m) => ({
        marketId: m.marketId,
        marketName: m.marketName,
        result: resultText(m),
        profitLoss: m.netPaise,
        commission: m.commissionPaise,
        bets: bets.filter((b) => b.marketId === m.marketId).map(toHistoryItem),
      })),
    };
  }

  async statement(
    userId: number,
    q: z.output<typeof StatementQuerySchema>,
  ): Promise<z.output<typeof StatementResultSchema>> {
    const { total, rows } = await statementLines(this.db, userId, {
      ...(q.kind !== 'all' ? { kinds: JOURNAL_KINDS_OF[q.kind] ?? [q.kind] } : {}),
      from: q.StartDate,
      to: q.EndDate,
      limit: q.MaxResultCount,
      offset: q.SkipCount,
    });
    return { totalCount: total, items: rows.map(toStatementLine) };
  }

  /** One line of the user's cash statement, with the bets it settled or the casino round it belongs to. */
  async statementDetail(
    who: CasinoReader,
    lineId: number,
  ): Promise<z.output<typeof StatementDetailResultSchema>> {
    const line = await statementLine(this.db, who.userId, lineId);
    if (!line) throw new AppError('NOT_FOUND', 'No such statement line.');
    const plain = {
      line: toStatementLine(line),
      bets: [],
      marketName: null,
      eventName: null,
      casinoRound: null,
    };
    if (CASINO_JOURNAL_KINDS.has(line.kind)) {
      return {
        ...plain,
        casinoRound: toCasinoRound(await casinoRoundOfJournal(this.db, who, line.journalId)),
      };
    }
    if (!line.marketId) return plain;
    const bets = await closedBetsOfMarket(this.db, who.userId, line.marketId);
    return {
      ...plain,
      bets: bets.map(toHistoryItem),
      marketName: bets[0]?.marketName ?? null,
      eventName: bets[0]?.eventName ?? null,
    };
  }
}
