import { negPaise, ZERO_PAISE } from '@backlay/exchange';
import type { z } from 'zod';
import type {
  BetHistoryInputSchema,
  BetHistoryResultSchema,
  ProfitLossDetailResultSchema,
  ProfitLossInputSchema,
  ProfitLossResultSchema,
  StatementDetailResultSchema,
  StatementQuerySchema,
  StatementResultSchema,
  STATEMENT_KINDS,
} from '@backlay/contract';
import { toHistoryItem } from '../betting';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import {
  betHistory,
  closedBetsOfEvent,
  closedBetsOfMarket,
  profitLossByEvent,
  settledMarketsOfEvent,
  statementLine,
  statementLines,
  type SettledMarketRow,
  type StatementLineRow,
} from './statement-repository';

type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * The journals a statement kind shows: cash held for a withdrawal is the withdrawal as the player
 * sees it (it leaves their balance when they ask), held cash given back is its reversal, and a
 * bonus turned into cash is the bonus reaching their cash (its grant and forfeit move only the
 * bonus balance, so they are not on the cash statement).
 */
const JOURNAL_KINDS_OF: Partial<Record<StatementKind, string[]>> = {
  withdrawal: ['withdrawal', 'funds_hold'],
  withdrawal_reversal: ['withdrawal_reversal', 'funds_release'],
  bonus: ['bonus', 'bonus_conversion'],
};
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

  async profitLoss(
    userId: number,
    q: z.output<typeof ProfitLossInputSchema>,
  ): Promise<z.output<typeof ProfitLossResultSchema>> {
    const { total, totalNetPaise, rows } = await profitLossByEvent(this.db, userId, {
      from: q.StartDate,
      to: q.EndDate,
      sportId: q.sportId,
      limit: q.MaxResultCount,
      offset: q.SkipCount,
    });
    return {
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

  async statementDetail(
    userId: number,
    lineId: number,
  ): Promise<z.output<typeof StatementDetailResultSchema>> {
    const line = await statementLine(this.db, userId, lineId);
    if (!line) throw new AppError('NOT_FOUND', 'No such statement line.');
    if (!line.marketId) return { line: toStatementLine(line), bets: [], marketName: null, eventName: null };
    const bets = await closedBetsOfMarket(this.db, userId, line.marketId);
    return {
      line: toStatementLine(line),
      bets: bets.map(toHistoryItem),
      marketName: bets[0]?.marketName ?? null,
      eventName: bets[0]?.eventName ?? null,
    };
  }
}
