import { z } from 'zod';
import { AdminSettleMarketInputSchema, BetStatusSchema } from './betting';
import { IsoDateTimeSchema, pagedOf } from './envelope';
import { MoneySchema } from './money';
import { SPORT_IDS, type SportKey } from './sport-ids';
import {
  EventIdSchema,
  MarketIdSchema,
  MarketResultSchema,
  MarketStatusSchema,
  MarketTypeSchema,
  RunnerIdSchema,
} from './sports';
import { intField, nonNegativeIntField, nullableIntField } from './fields';

/*
 * The operators' Trading screen (section C5, issue 16): markets by sport and status with this site's
 * book on each, the bets of a market, and what settling or voiding a market would move before the
 * trader confirms (POST /admin/markets/settle does it). Reads only; a trader's (and the owner's).
 * Money is rupees on the wire, `Paise` once parsed, as everywhere.
 */

/** The sports that have markets, by their key (casino has none). */
const TRADING_SPORTS = Object.keys(SPORT_IDS).filter((k) => k !== 'casino') as [
  Exclude<SportKey, 'casino'>,
  ...Exclude<SportKey, 'casino'>[],
];
export const TradingSportSchema = z.enum(TRADING_SPORTS);

/**
 * Where a market stands for the trader: `open` (the feed offers it, BALL_RUNNING included: a pause
 * of seconds), `suspended`, `closed` (no longer offered, no result recorded: the feed closed it
 * without one or no longer knows it, or its event is over; it waits for a result by hand), `settled`
 * (a result recorded) and `voided` (recorded void). A recorded result counts from the moment it is
 * recorded; `settledAt` says when its settlement finished (null while it runs).
 */
export const TRADING_MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'voided'] as const;
export const TradingMarketStatusSchema = z.enum(TRADING_MARKET_STATUSES);
export type TradingMarketStatus = z.infer<typeof TradingMarketStatusSchema>;

/** Paging as every list of the API: `SkipCount` and `MaxResultCount` (at most 100 a page). */
const Paging = {
  SkipCount: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  MaxResultCount: z.coerce.number().int().min(1).max(100).optional().default(20),
};

export const AdminMarketsQuerySchema = z.object({
  sport: TradingSportSchema.optional(),
  status: TradingMarketStatusSchema.optional(),
  /** Words of the event's or the market's name (any case), or a market id. */
  search: z.string().trim().min(1).max(100).optional(),
  ...Paging,
});

/**
 * This site's players' bets on a market, real money or play money (demo accounts) apart: the play
 * money is the house's own and risks nothing.
 */
export const TradingBookSchema = z.object({
  /** Bets that are or were matched, and parts resting in the book (cancelled and lapsed parts are not). */
  bets: nonNegativeIntField,
  players: nonNegativeIntField,
  /** Stake matched (open, settled or voided). */
  matchedStake: MoneySchema,
  /** Stake resting in the book, unmatched. */
  unmatchedStake: MoneySchema,
  /**
   * What the house pays at worst on the open matched bets: the largest total the players win over
   * every outcome (each runner winning; each runs total), before commission; 0 once settled.
   */
  liability: MoneySchema,
});
export type TradingBook = z.infer<typeof TradingBookSchema>;

export const TradingMarketSchema = z.object({
  marketId: MarketIdSchema,
  marketName: z.string(),
  marketType: MarketTypeSchema,
  eventId: EventIdSchema,
  eventName: z.string(),
  competition: z.string(),
  sport: TradingSportSchema,
  startTime: IsoDateTimeSchema,
  inPlay: z.boolean(),
  status: TradingMarketStatusSchema,
  /** The status the feed gives it now; null when the feed no longer knows it. */
  feedStatus: MarketStatusSchema.nullable(),
  result: MarketResultSchema.nullable(),
  closedAt: IsoDateTimeSchema.nullable(),
  settledAt: IsoDateTimeSchema.nullable(),
  /** What a result may name (none on a fancy market, which settles on a runs total). */
  runners: z.array(z.object({ id: RunnerIdSchema, name: z.string() })),
  cash: TradingBookSchema,
  playMoney: TradingBookSchema,
});
export type TradingMarket = z.infer<typeof TradingMarketSchema>;
/**
 * Markets still on (open, suspended, closed awaiting a result: the feed's and the stored ones) by
 * start time, then decided ones (settled, voided), latest first.
 */
export const TradingMarketListSchema = pagedOf(TradingMarketSchema);

export const AdminMarketBetsQuerySchema = z.object({ marketId: MarketIdSchema, ...Paging });

export const TradingBetSchema = z.object({
  betId: intField,
  /** The order the row belongs to (the id of its first row): an order may be several fills and a resting part. */
  orderId: intField,
  userId: intField,
  userName: z.string(),
  /** A demo account: play money. */
  isDemo: z.boolean(),
  side: z.enum(['back', 'lay', 'yes', 'no']),
  runnerId: RunnerIdSchema.nullable(),
  /** The runner's name; for a fancy bet the market's name and its line. */
  runnerName: z.string(),
  /** Decimal odds on an exchange market; the per-100 rate on bookmaker, toss and fancy. */
  odds: z.number(),
  /** A fancy bet's runs line. */
  line: nullableIntField,
  stake: MoneySchema,
  liability: MoneySchema,
  /** MATCHED or UNMATCHED (resting) while open; SETTLED, VOID, CANCELLED, LAPSED after. */
  status: BetStatusSchema,
  matched: z.boolean(),
  isCashOut: z.boolean(),
  placedAt: IsoDateTimeSchema,
  settledAt: IsoDateTimeSchema.nullable(),
  /** The player's profit (+) or loss (−) once settled; 0 when void. */
  result: MoneySchema.nullable(),
});
export type TradingBet = z.infer<typeof TradingBetSchema>;
/** Newest first. */
export const TradingBetListSchema = pagedOf(TradingBetSchema);

/** A settle call's `result`, exactly as POST /admin/markets/settle takes it. */
export const SettleResultInputSchema = AdminSettleMarketInputSchema.shape.result;

/**
 * The preview's `result`: the settle call's result as JSON text in the query string, e.g.
 * `result={"kind":"winner","runnerId":11}` or `result={"kind":"void","reason":"Abandoned"}`.
 */
const ResultQuerySchema = z
  .string()
  .max(400)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: "result is the settle call's result as JSON text" });
      return z.NEVER;
    }
  })
  .pipe(SettleResultInputSchema);

export const SettlePreviewQuerySchema = z.object({ marketId: MarketIdSchema, result: ResultQuerySchema });

/** One player of this site as the settlement would leave them. */
export const SettlePreviewPlayerSchema = z.object({
  userId: intField,
  userName: z.string(),
  isDemo: z.boolean(),
  /** Matched bets settled (or voided). */
  bets: intField,
  matchedStake: MoneySchema,
  /** The sum of the bets' results, before commission. */
  gross: MoneySchema,
  commission: MoneySchema,
  /** What the player's balance moves by: + paid to the player, − taken (0 on a void). */
  net: MoneySchema,
  /** The exposure held for the market (matched and resting), released by the settlement. */
  exposureReleased: MoneySchema,
});

export const SettlePreviewTotalsSchema = z.object({
  players: intField,
  bets: intField,
  matchedStake: MoneySchema,
  /** Σ of the positive nets. */
  paidToPlayers: MoneySchema,
  /** Σ of the negative nets, as a positive amount. */
  takenFromPlayers: MoneySchema,
  commission: MoneySchema,
  /** The house's result: taken − paid (negative: the house pays out). */
  houseNet: MoneySchema,
  exposureReleased: MoneySchema,
  /** On a void: what the players get back to bet with (the exposure released); 0 otherwise. */
  refunds: MoneySchema,
  /** Parts of orders resting in the book, lapsed before the settlement (they move no money). */
  lapsedOrders: intField,
  lapsedStake: MoneySchema,
});

/**
 * What POST /admin/markets/settle with this result would move for this site's players, worked out
 * with the settlement's own functions (@backlay/exchange) on the bets as they are now; nothing is
 * changed. Settling a market settles every site's bets (one feed); a preview shows this site's.
 */
export const SettlePreviewSchema = z.object({
  marketId: MarketIdSchema,
  marketName: z.string(),
  marketType: MarketTypeSchema,
  eventName: z.string(),
  result: SettleResultInputSchema,
  void: z.boolean(),
  /** Largest movement first. */
  players: z.array(SettlePreviewPlayerSchema),
  cash: SettlePreviewTotalsSchema,
  playMoney: SettlePreviewTotalsSchema,
});
export type SettlePreview = z.infer<typeof SettlePreviewSchema>;
