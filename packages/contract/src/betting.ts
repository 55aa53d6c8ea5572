import { z } from 'zod';
import { CasinoProviderIdSchema } from './casino';
import { IsoDateTimeSchema, PagingQuerySchema, RangeEndSchema, RangeStartSchema } from './envelope';
import { MoneySchema, StakeMoneySchema, WholeRupeesMoneySchema } from './money';
import { EventIdSchema, LimitMarketTypeSchema, MarketIdSchema, RunnerIdSchema } from './sports';
import {
  intField,
  nonNegativeIntField,
  positiveIntField,
  nullableIntField,
  nullableStringField,
} from './fields';

/*
 * Betting calls of section 7 with the shapes of api-shapes.md (V1 facts, Odds V2 decisions):
 * PlaceBetV2, open bets, expected profit/loss, bet history, profit/loss by event, and the account
 * cash statement from the ledger. Money is rupees on the wire and `Paise` once parsed (money.ts);
 * stakes are whole rupees.
 */

/** V1 bet types: 1 back, 2 lay (match odds, bookmaker, toss), 3 fancy YES, 4 fancy NO. */
export const BET_TYPES = { back: 1, lay: 2, yes: 3, no: 4 } as const;
export const BetTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'type must be 1 (back), 2 (lay), 3 (yes) or 4 (no)',
});
export type BetSideName = 'Back' | 'Lay' | 'Yes' | 'No';

/** What happens to an unmatched remainder when its market turns in play (PlaceBetV2 `persistence`). */
export const UNMATCHED_PERSISTENCE = ['cancel', 'keep'] as const;
export type UnmatchedPersistence = (typeof UNMATCHED_PERSISTENCE)[number];

/**
 * An order's state as a whole (docs/exchange-matching.md): every part matched, some matched and the
 * rest resting in the book, nothing matched yet (all resting), or its resting part taken off the book
 * by the player (CANCELLED) or by the market (LAPSED: suspended, closed, voided, or turned in play
 * with persistence 'cancel'). A CANCELLED or LAPSED order may still hold matched parts.
 */
export const ORDER_STATUSES = ['MATCHED', 'PARTIALLY_MATCHED', 'UNMATCHED', 'CANCELLED', 'LAPSED'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One part of an order matched at one price: its own bet id, the price (decimal odds or rate), the stake. */
export const BetFillSchema = z.object({
  betId: intField,
  rate: z.number(),
  stake: MoneySchema,
});
export type BetFill = z.infer<typeof BetFillSchema>;

/** A client-made id (a bet, a cancel, an edit): 8-64 letters, digits, `_` or `-`, trimmed. */
const RequestIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'requestId is not valid');

export const PlaceBetInputSchema = z
  .object({
    /** A client-made id: the same id twice places one bet. */
    requestId: RequestIdSchema,
    placeTime: IsoDateTimeSchema.optional(),
    type: BetTypeSchema,
    /** Decimal odds for exchange markets; a per-100 rate for bookmaker, toss and fancy. */
    rate: z.number({ error: 'rate must be a number' }).positive().max(100_000),
    stake: StakeMoneySchema,
    /** The runs line of a fancy bet; null otherwise. */
    fancyValue: nonNegativeIntField.max(10_000).nullable().optional(),
    runnerId: RunnerIdSchema.nullable().optional(),
    marketId: MarketIdSchema,
    eventId: EventIdSchema,
    acceptAnyOdds: z.boolean().optional().default(false),
    /**
     * Exchange markets (match odds and the other ladder-priced markets): what happens to the part of
     * the bet still unmatched when the market turns in play: 'cancel' (the default, Betfair's LAPSE)
     * or 'keep' (it stays in the book in play). Ignored by bookmaker, toss and fancy bets, which are
     * matched in full or refused.
     */
    persistence: z.enum(UNMATCHED_PERSISTENCE).optional().default('cancel'),
    /** Set by the client when the bet is the cash-out hedge of Bet/GetCashOutOffer: open bets mark it. */
    cashOut: z.boolean().optional().default(false),
  })
  .refine((b) => (b.type >= 3 ? b.fancyValue != null : b.runnerId != null), {
    message: 'A back or lay bet needs runnerId; a yes or no bet needs fancyValue',
    path: ['runnerId'],
  });
export type PlaceBetInput = z.input<typeof PlaceBetInputSchema>;

/** A number, or text a V1 client sent for one (a form field, a route parameter). */
const V1NumberSchema = z.union([z.number(), z.string().max(32)]);

/**
 * Bet/PlaceBet, the V1 body of api-shapes.md part A, for the family's older clients: the server reads
 * it as PlaceBetV2 (numbers sent as text are read as numbers; `runnerId` is ignored for yes and no
 * bets, `fancyValue` for back and lay) and places it the same way, with the same checks and answers.
 * `marketId` may come as a number (a client that did `parseFloat`): it names the market whose id
 * reads as that number, `String(marketId)`, which every market id is (see feed-simulator ids.ts).
 * With no `requestId`, a V1 bet is made idempotent by its `placeTime`: the same body with the same
 * `placeTime` again is the same bet (409 DUPLICATE_REQUEST, nothing placed twice); with `placeTime`
 * null or absent every call is a new bet.
 */
export const PlaceBetV1InputSchema = z.object({
  placeTime: z
    .union([z.string().max(64), z.number()])
    .nullable()
    .optional(),
  type: V1NumberSchema,
  rate: V1NumberSchema,
  stake: V1NumberSchema,
  fancyValue: V1NumberSchema.nullable().optional(),
  runnerId: z
    .union([z.number(), z.string().max(64)])
    .nullable()
    .optional(),
  marketId: z.union([MarketIdSchema, z.number()]),
  eventId: V1NumberSchema,
});
export type PlaceBetV1Input = z.infer<typeof PlaceBetV1InputSchema>;
/** Bet/PlaceBet answers the toast's message ("Bet placed: Back India ₹500 @ 1.85"). */
export const PlaceBetV1ResultSchema = z.string();

/**
 * What placing (or editing) an order did. An exchange bet is matched against the offered sizes at
 * the asked price or better, best price first, level by level; what is left rests unmatched at the
 * asked price (docs/exchange-matching.md). Bookmaker, toss and fancy bets are matched in full or
 * refused, so their answer is always MATCHED with one fill.
 */
export const PlaceBetResultSchema = z.object({
  /** The order's id: its unmatched part and every part matched from it carry it as `orderId`. */
  betId: intField,
  status: OrderStatusSchema,
  /** For a toast: "Bet placed: Back India ₹500 @ 1.85", or what matched and what rests. */
  message: z.string(),
  /** The average price matched, weighted by stake (two decimals); the asked price while nothing matched. */
  matchedRate: z.number(),
  /** The price asked: where the unmatched part rests. */
  requestedRate: z.number(),
  matchedStake: MoneySchema,
  /** The stake resting unmatched in the book at `requestedRate` (0 when none). */
  unmatchedStake: MoneySchema,
  /** What matched, at which prices, best first (this call's fills only). */
  fills: z.array(BetFillSchema),
  balance: MoneySchema,
  exposure: MoneySchema,
});
export type PlaceBetResult = z.infer<typeof PlaceBetResultSchema>;

/** An open bet is a matched part of an order, or the order's part still resting unmatched. */
export const OPEN_BET_STATUSES = ['MATCHED', 'UNMATCHED'] as const;

export const OpenBetSchema = z.object({
  betId: intField,
  /** The order this bet belongs to (PlaceBetV2's `betId`): cancel or edit its unmatched part by it. */
  orderId: intField,
  /** MATCHED: a part matched at `odds`. UNMATCHED: the part resting at `odds`; its stake can still be cancelled. */
  status: z.enum(OPEN_BET_STATUSES),
  /** The cash-out hedge of a position (PlaceBetV2 `cashOut`). */
  isCashOut: z.boolean(),
  eventName: z.string(),
  eventId: EventIdSchema,
  marketId: MarketIdSchema,
  runnerId: RunnerIdSchema.nullable(),
  betTitle: z.string(),
  betType: z.enum(['Back', 'Lay', 'Yes', 'No']),
  runnerName: z.string(),
  odds: z.number(),
  fancyValue: nullableIntField,
  stake: MoneySchema,
  /** What the bet wins if it wins; the liability is what it loses. */
  expectedProfit: MoneySchema,
  liability: MoneySchema,
  marketName: z.string(),
  /** The family's naming, as Odds/GetUserLimits `marketType`: 'match_odd' | 'bookmaker' | 'fancy2' | 'toss'. */
  marketTypeName: LimitMarketTypeSchema,
  placeTime: IsoDateTimeSchema,
});
export type OpenBet = z.infer<typeof OpenBetSchema>;

export const OpenBetsQuerySchema = z.object({ eventId: z.coerce.number().int().positive().optional() });
export const OpenBetsResultSchema = z.object({
  balance: MoneySchema,
  exposure: MoneySchema,
  openBets: z.array(OpenBetSchema),
});
export type OpenBetsResult = z.infer<typeof OpenBetsResultSchema>;

/**
 * Expected profit/loss per market: for exchange markets one amount per runner (if it wins); for a
 * fancy market one amount per bucket of the run ladder, where runnerId is the bucket's lowest runs.
 */
export const ExpectedProfitLossSchema = z.object({
  eventId: EventIdSchema,
  marketId: MarketIdSchema,
  /** The family's naming, as Odds/GetUserLimits `marketType`: 'match_odd' | 'bookmaker' | 'fancy2' | 'toss'. */
  marketType: LimitMarketTypeSchema,
  exposure: MoneySchema,
  runners: z.array(z.object({ runnerId: nonNegativeIntField, amount: MoneySchema })),
});
export type ExpectedProfitLoss = z.infer<typeof ExpectedProfitLossSchema>;
export const ExpectedProfitLossQuerySchema = OpenBetsQuerySchema;
export const ExpectedProfitLossResultSchema = z.array(ExpectedProfitLossSchema);

/**
 * A bet's status in history: MATCHED and UNMATCHED while open, then SETTLED or VOID (matched parts),
 * CANCELLED (an unmatched part the player cancelled) or LAPSED (an unmatched part the market took off:
 * suspended, closed, voided, or turned in play with persistence 'cancel').
 */
export const BET_STATUSES = ['MATCHED', 'UNMATCHED', 'SETTLED', 'VOID', 'CANCELLED', 'LAPSED'] as const;
export const BetStatusSchema = z.enum(BET_STATUSES);

/**
 * A date range: ISO instants or whole UTC days (RangeStartSchema), under our names or the family's
 * V1 aliases `From` and `To` (ours win when both are sent); parsed, only StartDate and EndDate remain.
 */
const DateRange = {
  StartDate: RangeStartSchema.optional(),
  EndDate: RangeEndSchema.optional(),
  From: RangeStartSchema.optional(),
  To: RangeEndSchema.optional(),
};
function foldDateRange<T extends { StartDate?: string; EndDate?: string; From?: string; To?: string }>({
  From,
  To,
  ...rest
}: T): Omit<T, 'From' | 'To'> {
  return { ...rest, StartDate: rest.StartDate ?? From, EndDate: rest.EndDate ?? To };
}

/** A sport to filter by: any id a database integer holds (an unknown sport lists nothing). */
const SportIdFilterSchema = intField.min(0).max(2_147_483_647, 'sportId is out of range');

export const BetHistoryInputSchema = z
  .object({
    ...PagingQuerySchema.shape,
    ...DateRange,
    status: z
      .enum(['ALL', ...BET_STATUSES])
      .optional()
      .default('ALL'),
    sportId: SportIdFilterSchema.optional(),
  })
  .transform(foldDateRange);
export const BetHistoryItemSchema = OpenBetSchema.extend({
  status: BetStatusSchema,
  sportId: intField,
  eventName: z.string(),
  /** Settled profit (+) or loss (−); null while open. */
  result: MoneySchema.nullable(),
  settledTime: IsoDateTimeSchema.nullable(),
});
export const BetHistoryResultSchema = z.object({
  totalCount: intField,
  items: z.array(BetHistoryItemSchema),
});

/** Profit/loss by event over a date range (/ProfitLoss) and one event's markets (/profit-detail/{id}). */
export const ProfitLossInputSchema = z
  .object({
    ...PagingQuerySchema.shape,
    ...DateRange,
    sportId: SportIdFilterSchema.optional(),
  })
  .transform(foldDateRange);
export const ProfitLossRowSchema = z.object({
  eventId: EventIdSchema,
  eventName: z.string(),
  sportId: intField,
  settledTime: IsoDateTimeSchema,
  stake: MoneySchema,
  profitLoss: MoneySchema,
  commission: MoneySchema,
});
/**
 * The casino's profit and loss of one game (provider and game code) over the date range: the rounds
 * the player staked in within it (a round counts at its first bet, with every win and refund it had,
 * so a rolled-back round nets 0 and is still one round), what they staked, what came back (wins and
 * refunds of rolled-back stakes) and the net, `won − staked`.
 */
export const CasinoProfitLossRowSchema = z.object({
  provider: CasinoProviderIdSchema,
  gameCode: z.string(),
  rounds: intField,
  stake: MoneySchema,
  won: MoneySchema,
  net: MoneySchema,
  lastPlayed: IsoDateTimeSchema,
});
export type CasinoProfitLossRow = z.infer<typeof CasinoProfitLossRowSchema>;
export const CasinoProfitLossTotalSchema = z.object({
  rounds: intField,
  stake: MoneySchema,
  won: MoneySchema,
  net: MoneySchema,
});
/**
 * `total` and `items` are the exchange's (settled events, paged); `casino` is every casino game
 * played in the range (not paged, empty when a sport is asked for) and `casinoTotal` its sum. Both
 * are optional on the wire: a backend without a casino leaves them out.
 */
export const ProfitLossResultSchema = z.object({
  totalCount: intField,
  total: MoneySchema,
  items: z.array(ProfitLossRowSchema),
  casino: z.array(CasinoProfitLossRowSchema).optional(),
  casinoTotal: CasinoProfitLossTotalSchema.optional(),
});
export const ProfitLossDetailQuerySchema = z.object({ eventId: z.coerce.number().int().positive() });
export const ProfitLossDetailResultSchema = z.object({
  eventId: EventIdSchema,
  eventName: z.string(),
  markets: z.array(
    z.object({
      marketId: MarketIdSchema,
      marketName: z.string(),
      result: z.string(),
      profitLoss: MoneySchema,
      commission: MoneySchema,
      bets: z.array(BetHistoryItemSchema),
    }),
  ),
});

/** The account cash statement: ledger lines of the player's cash account with a running balance. */
export const STATEMENT_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'bet_settlement',
  'bonus',
  'referral_reward',
  'casino_debit',
  'casino_credit',
  'demo_funding',
  'adjustment',
] as const;
/**
 * Filters that gather several kinds: `casino` is the web's "Game Report", every casino line
 * (`casino_debit` and `casino_credit`: bets, wins and rolled-back stakes).
 */
export const STATEMENT_KIND_GROUPS = ['casino'] as const;
export const STATEMENT_KIND_FILTERS = ['all', ...STATEMENT_KINDS, ...STATEMENT_KIND_GROUPS] as const;
export type StatementKindFilter = (typeof STATEMENT_KIND_FILTERS)[number];
const StatementKindFilterSchema = z.enum(STATEMENT_KIND_FILTERS);
/** The statement's filters; `Type` is the family's V1 name for `kind` (ours wins when both are sent). */
export const StatementQuerySchema = z
  .object({
    MaxResultCount: z.coerce.number().int().min(1).max(100).default(20),
    SkipCount: z.coerce.number().int().min(0).max(1_000_000).default(0),
    ...DateRange,
    kind: StatementKindFilterSchema.optional(),
    Type: StatementKindFilterSchema.optional(),
  })
  .transform(({ Type, kind, ...rest }) => ({ ...foldDateRange(rest), kind: kind ?? Type ?? 'all' }));
export const StatementLineSchema = z.object({
  id: intField,
  journalId: intField,
  date: IsoDateTimeSchema,
  kind: z.enum(STATEMENT_KINDS),
  description: z.string(),
  credit: MoneySchema,
  debit: MoneySchema,
  balance: MoneySchema,
});
export const StatementResultSchema = z.object({
  totalCount: intField,
  items: z.array(StatementLineSchema),
});
const StatementLineIdSchema = z.coerce.number().int().positive();
/** One statement line by `id`, or by `transactionId`, the family's V1 name for it. */
export const StatementDetailQuerySchema = z
  .object({ id: StatementLineIdSchema.optional(), transactionId: StatementLineIdSchema.optional() })
  .refine((q) => q.id !== undefined || q.transactionId !== undefined, {
    message: 'id is required',
    path: ['id'],
  })
  .transform((q) => ({ id: (q.id ?? q.transactionId) as number }));
/** One call of a casino round as the wallet took it: a bet, a win, or a rollback of a bet. */
export const CasinoRoundMoveSchema = z.object({
  type: z.enum(['bet', 'win', 'rollback']),
  /** The provider's id of the call. */
  transactionId: z.string(),
  /** A bet's stake, a win's payment, a rollback's refund (0 when it gave nothing back). */
  amount: MoneySchema,
  /** The bet a win or a rollback names; null for a bet. */
  referenceTransactionId: nullableStringField,
  date: IsoDateTimeSchema,
});
/** The casino round a casino line belongs to: every call of it, and its result for the player. */
export const CasinoRoundSchema = z.object({
  provider: CasinoProviderIdSchema,
  gameCode: z.string(),
  roundId: z.string(),
  /** The round's bets. */
  stake: MoneySchema,
  /** Its wins. */
  won: MoneySchema,
  /** Stakes given back by rollbacks. */
  refunded: MoneySchema,
  /** `won + refunded − stake`. */
  net: MoneySchema,
  moves: z.array(CasinoRoundMoveSchema),
});
export type CasinoRound = z.infer<typeof CasinoRoundSchema>;
export const StatementDetailResultSchema = z.object({
  line: StatementLineSchema,
  /** The bets a settlement line settled (empty for other kinds). */
  bets: z.array(BetHistoryItemSchema),
  marketName: nullableStringField,
  eventName: nullableStringField,
  /** A casino line's round; null for other lines (absent from a backend without a casino). */
  casinoRound: CasinoRoundSchema.nullable().optional(),
});

/**
 * Bet/CancelBet: take (part of) an order's unmatched stake off the book and release its liability.
 * Without `stake` all of it; with `stake` (whole rupees) that much, the rest keeps resting. An order
 * that matched meanwhile answers what was left to cancel (possibly nothing): never an error.
 */
export const CancelBetInputSchema = z.object({
  /** The order id (PlaceBetV2's `betId`, an open bet's `orderId`). */
  betId: positiveIntField,
  /** A client-made id: the same id twice cancels once and answers the same. */
  requestId: RequestIdSchema,
  stake: StakeMoneySchema.optional(),
});
export type CancelBetInput = z.input<typeof CancelBetInputSchema>;
export const CancelBetResultSchema = z.object({
  betId: intField,
  status: OrderStatusSchema,
  /** What this call took off the book (0 when the order had nothing left unmatched). */
  cancelledStake: MoneySchema,
  /** Still resting after the call. */
  unmatchedStake: MoneySchema,
  /** Matched so far, over the order's whole life. */
  matchedStake: MoneySchema,
  message: z.string(),
  balance: MoneySchema,
  exposure: MoneySchema,
});
export type CancelBetResult = z.infer<typeof CancelBetResultSchema>;

/**
 * Bet/UpdateBet: move an order's unmatched stake to a new price (a ladder price). Whatever the new
 * price can match now is matched at once, as a new bet would be; the rest rests at the new price.
 * Answers like PlaceBetV2 (`fills` are this call's).
 */
export const UpdateBetInputSchema = z.object({
  betId: positiveIntField,
  /** A client-made id: the same id twice edits once and answers the same. */
  requestId: RequestIdSchema,
  /** The new price: decimal odds on the exchange ladder. */
  rate: z.number({ error: 'rate must be a number' }).positive().max(1000),
});
export type UpdateBetInput = z.input<typeof UpdateBetInputSchema>;
export const UpdateBetResultSchema = PlaceBetResultSchema;

/** Operator: settle or void a market by hand (when the feed cannot). */
export const AdminSettleMarketInputSchema = z.object({
  marketId: MarketIdSchema,
  result: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('winner'), runnerId: RunnerIdSchema }),
    // A session's runs, like a fancy bet's line (fancyValue), at most 10,000: a typo settles nothing.
    z.object({ kind: z.literal('runs'), runs: nonNegativeIntField.max(10_000) }),
    z.object({ kind: z.literal('void'), reason: z.string().trim().min(3).max(200) }),
  ]),
});
export const AdminSettleMarketResultSchema = z.object({
  marketId: MarketIdSchema,
  settledUsers: intField,
  settledBets: intField,
  alreadySettled: z.boolean(),
});

/**
 * Cash out (match odds): the single hedge at the current best opposite price that makes the profit
 * or loss equal on every runner (within the rounding of a whole-rupee stake). Taking it is placing
 * `hedge` through Bet/PlaceBetV2 like any other bet.
 */
export const CashOutOfferQuerySchema = z.object({ marketId: MarketIdSchema });
export const CASH_OUT_NONE_REASONS = [
  'no-position',
  'balanced',
  'no-single-hedge',
  'no-price',
  'market-not-open',
  /** Every hedge that would even the runners is below the market's minimum stake. */
  'below-min-stake',
  /** Every hedge that would even the runners is above the market's maximum stake or profit. */
  'above-bet-limits',
] as const;
export const CashOutOfferResultSchema = z.object({
  marketId: MarketIdSchema,
  eventId: EventIdSchema,
  available: z.boolean(),
  /** Why there is no offer; null when there is one. */
  reason: z.enum(CASH_OUT_NONE_REASONS).nullable(),
  /** The bet to place: type 1 back or 2 lay, the runner, its decimal odds and a whole-rupee stake. */
  hedge: z
    .object({
      type: z.union([z.literal(1), z.literal(2)]),
      runnerId: RunnerIdSchema,
      rate: z.number(),
      stake: WholeRupeesMoneySchema,
    })
    .nullable(),
  /** Profit or loss per runner now, and after the hedge (null without an offer). */
  runners: z.array(
    z.object({ runnerId: RunnerIdSchema, now: MoneySchema, afterCashOut: MoneySchema.nullable() }),
  ),
  /** What the user is sure to get after cashing out (the lowest outcome); null without an offer. */
  guaranteed: MoneySchema.nullable(),
});
export type CashOutOfferResult = z.infer<typeof CashOutOfferResultSchema>;
