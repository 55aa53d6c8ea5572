import { z } from 'zod';
import { IsoDateTimeSchema } from './envelope';
import { NonNegativeMoneySchema, PositiveMoneySchema } from './money';
import { pageGroup } from './realtime/groups';
import { SPORT_IDS } from './sport-ids';
import { intField, nonNegativeIntField, positiveIntField, optionalStringField } from './fields';

/*
 * Sports reads of section 7 ('Sports and betting') and the realtime odds messages.
 *
 * Consistent with api-shapes.md: part A (V1 facts) for names the client already knows (matchDate
 * 'In-Play', team1/team2, videoURL, the four odds groups, marketType 'match_odd' | 'bookmaker' |
 * 'fancy2' | 'toss', delayTime in ms) and part B (Odds V2) for the market lists with three price levels.
 * Money (stakes, sizes, limits) is rupees with at most two decimals on the wire and `Paise` once parsed
 * (money.ts); match-odds prices are decimal odds
 * on the Betfair ladder; bookmaker and toss prices are per-100 rates (decimal odds = 1 + rate / 100);
 * a fancy market carries runs lines with per-100 rates.
 */

// ---------------------------------------------------------------------------------------------
// Ids and small pieces

const sportIdValues = Object.values(SPORT_IDS).filter((id) => id !== SPORT_IDS.casino) as [
  number,
  ...number[],
];

/** A sport that has events (casino, id -1, has none). */
export const EventSportIdSchema = z.union(sportIdValues.map((id) => z.literal(id)));
export const EventIdSchema = positiveIntField;
/** Market ids are opaque text (e.g. "1.32000042.1"): never parse them, only compare. */
export const MarketIdSchema = z.string().min(1).max(64);
export const RunnerIdSchema = positiveIntField;

/** Decimal odds with two decimals, 1.01 to 1000 (match-odds prices are further on the ladder). */
export const DecimalOddsSchema = z
  .number()
  .min(1.01)
  .max(1000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    message: 'Odds have at most two decimals',
  });

/** A per-100 rate (bookmaker, toss, fancy): decimal odds = 1 + rate / 100. */
export const RateSchema = intField.min(1).max(100_000);

// ---------------------------------------------------------------------------------------------
// Events and the sport tree

export const EVENT_STATUSES = ['IN_PLAY', 'UPCOMING', 'CLOSED'] as const;
export const EventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof EventStatusSchema>;

/** `matchDate` is the literal 'In-Play' while live (section 3), otherwise the ISO start time. */
export const IN_PLAY_MATCH_DATE = 'In-Play';
export const MatchDateSchema = z.union([z.literal(IN_PLAY_MATCH_DATE), IsoDateTimeSchema]);

/**
 * An event (a match or a race). A structural superset of `TreeEventSchema`, so it fits the sport tree.
 * team1/team2 are absent for races; `score` is a one-line summary ("CSK 145/4 (16.2 ov)", "2-1 67'").
 */
export const SportEventSchema = z.object({
  id: EventIdSchema,
  title: z.string().min(1),
  status: EventStatusSchema,
  matchDate: MatchDateSchema,
  startTime: IsoDateTimeSchema,
  sportId: EventSportIdSchema,
  sportName: z.string(),
  team1: optionalStringField,
  team2: optionalStringField,
  competition: optionalStringField,
  venue: optionalStringField,
  videoURL: optionalStringField,
  /** Set by the server for a signed-in user who pinned the event; the client also keeps its own list. */
  pin: z.boolean().optional(),
  score: optionalStringField,
});
export type SportEvent = z.infer<typeof SportEventSchema>;

/** One tab of the sport tree: order is the sport id (section 3), events sorted in-play first, then by start. */
export const SportTreeSchema = z.object({
  id: EventSportIdSchema,
  /** The family's lower-case name (SPORT_KEYS: `cricket`, `horseracing`); a V1 client filters by it. */
  name: z.string(),
  /** The name people read (SPORT_NAMES: `Cricket`, `Horse Racing`). */
  displayName: z.string(),
  order: intField,
  events: z.array(SportEventSchema),
});
export type SportTree = z.infer<typeof SportTreeSchema>;

/** GET Event/TreeSportWithEvent: every sport that has events. */
export const TreeSportWithEventQuerySchema = z.object({
  /** Only in-play events when true. */
  inPlayOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const TreeSportWithEventResultSchema = z.array(SportTreeSchema);

/** GET event/GetBySportName: a sport's events by name ("Cricket", case-insensitive) or by id. */
export const GetBySportNameQuerySchema = z
  .object({
    sportName: z.string().trim().min(1).max(40).optional(),
    sportId: z.coerce.number().int().optional(),
  })
  .refine((q) => q.sportName !== undefined || q.sportId !== undefined, {
    message: 'Give sportName or sportId',
    path: ['sportName'],
  });
export const GetBySportNameResultSchema = z.array(SportEventSchema);

/** GET Event/Closest: upcoming events starting soonest (in-play ones excluded), optionally of one sport. */
export const ClosestEventsQuerySchema = z.object({
  sportId: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Only events starting within this many minutes. */
  withinMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
});
export const ClosestEventsResultSchema = z.array(SportEventSchema);

/** Query of every per-event read (markets, odds, limits, scorecard). */
export const EventIdQuerySchema = z.object({ eventId: z.coerce.number().int().positive() });
export type EventIdQuery = z.infer<typeof EventIdQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Markets

export const MARKET_STATUSES = ['OPEN', 'SUSPENDED', 'BALL_RUNNING', 'CLOSED'] as const;
export const MarketStatusSchema = z.enum(MARKET_STATUSES);
export type MarketStatus = z.infer<typeof MarketStatusSchema>;

/** The odds group a market is listed in (the V1 grouping). */
export const MARKET_GROUPS = ['matchOdds', 'bookmaker', 'fancy', 'toss'] as const;
export const MarketGroupSchema = z.enum(MARKET_GROUPS);
export type MarketGroup = z.infer<typeof MarketGroupSchema>;

/**
 * What a market is about. MATCH_ODDS, OVER_UNDER (football goals) and WIN (a race) are exchange
 * markets in the matchOdds group; BOOKMAKER, FANCY and TOSS have their own groups.
 */
export const MARKET_TYPES = ['MATCH_ODDS', 'OVER_UNDER', 'WIN', 'BOOKMAKER', 'FANCY', 'TOSS'] as const;
export const MarketTypeSchema = z.enum(MARKET_TYPES);
export type MarketType = z.infer<typeof MarketTypeSchema>;

export const MARKET_GROUP_OF_TYPE: Record<MarketType, MarketGroup> = {
  MATCH_ODDS: 'matchOdds',
  OVER_UNDER: 'matchOdds',
  WIN: 'matchOdds',
  BOOKMAKER: 'bookmaker',
  FANCY: 'fancy',
  TOSS: 'toss',
};

/** The V1 limit type of each group (Odds/GetUserLimits). */
export const LIMIT_MARKET_TYPES = ['match_odd', 'bookmaker', 'fancy2', 'toss'] as const;
export const LimitMarketTypeSchema = z.enum(LIMIT_MARKET_TYPES);
export type LimitMarketType = z.infer<typeof LimitMarketTypeSchema>;
export const LIMIT_TYPE_OF_GROUP: Record<MarketGroup, LimitMarketType> = {
  matchOdds: 'match_odd',
  bookmaker: 'bookmaker',
  fancy: 'fancy2',
  toss: 'toss',
};

/**
 * The family's name of a market's type (Odds/GetUserLimits `marketType`, open bets' `marketTypeName`,
 * expected profit/loss `marketType`): its group's V1 name, so a V1 client's per-market lists match.
 */
export function limitMarketTypeOf(type: MarketType): LimitMarketType {
  return LIMIT_TYPE_OF_GROUP[MARKET_GROUP_OF_TYPE[type]];
}

/** How a closed market was decided: a winning runner, a runs total (fancy), or void (stakes returned). */
export const MarketResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('winner'), runnerId: RunnerIdSchema }),
  z.object({ kind: z.literal('runs'), runs: nonNegativeIntField }),
  z.object({ kind: z.literal('void'), reason: z.string() }),
]);
export type MarketResult = z.infer<typeof MarketResultSchema>;

export const RUNNER_STATUSES = ['ACTIVE', 'SUSPENDED', 'WINNER', 'LOSER', 'REMOVED'] as const;
export const RunnerStatusSchema = z.enum(RUNNER_STATUSES);
export type RunnerStatus = z.infer<typeof RunnerStatusSchema>;

/** A runner as Market/GetByEventId lists it, without prices. */
export const RunnerInfoSchema = z.object({
  id: RunnerIdSchema,
  name: z.string(),
  sortPriority: nonNegativeIntField,
});

const marketBase = {
  id: MarketIdSchema,
  eventId: EventIdSchema,
  name: z.string(),
  status: MarketStatusSchema,
  inPlay: z.boolean(),
  /** How long a bet is held before it is checked again (exchange-math 'Placing a bet' step 2). */
  betDelayMs: nonNegativeIntField,
  minStake: NonNegativeMoneySchema,
  maxStake: NonNegativeMoneySchema,
  maxProfit: NonNegativeMoneySchema,
  /** The event's odds version at which this market last changed (see OddsV2Schema.version). */
  version: nonNegativeIntField,
  /** Present once CLOSED. */
  result: MarketResultSchema.optional(),
};

/** GET Market/GetByEventId: the event's open markets without prices. */
export const MarketInfoSchema = z.object({
  ...marketBase,
  type: MarketTypeSchema,
  group: MarketGroupSchema,
  runners: z.array(RunnerInfoSchema),
});
export type MarketInfo = z.infer<typeof MarketInfoSchema>;
export const MarketsByEventResultSchema = z.array(MarketInfoSchema);

// ---------------------------------------------------------------------------------------------
// Odds V2

/** One level of an exchange book: decimal odds and the money available there. */
export const PriceSizeSchema = z.object({ price: DecimalOddsSchema, size: PositiveMoneySchema });
export type PriceSize = z.infer<typeof PriceSizeSchema>;
/** One level of a bookmaker or toss book: a per-100 rate and the money available. */
export const RateSizeSchema = z.object({ rate: RateSchema, size: PositiveMoneySchema });
export type RateSize = z.infer<typeof RateSizeSchema>;

/** A match-odds runner: up to three levels a side, best first (back descending, lay ascending). */
export const ExchangeRunnerSchema = z.object({
  id: RunnerIdSchema,
  name: z.string(),
  sortPriority: nonNegativeIntField,
  status: RunnerStatusSchema,
  back: z.array(PriceSizeSchema).max(3),
  lay: z.array(PriceSizeSchema).max(3),
});
export type ExchangeRunner = z.infer<typeof ExchangeRunnerSchema>;

/** A bookmaker or toss runner, priced as per-100 rates (usually one level a side). */
export const RateRunnerSchema = z.object({
  id: RunnerIdSchema,
  name: z.string(),
  sortPriority: nonNegativeIntField,
  status: RunnerStatusSchema,
  back: z.array(RateSizeSchema).max(3),
  lay: z.array(RateSizeSchema).max(3),
});
export type RateRunner = z.infer<typeof RateRunnerSchema>;

export const MatchOddsMarketSchema = z.object({
  ...marketBase,
  type: z.enum(['MATCH_ODDS', 'OVER_UNDER', 'WIN']),
  runners: z.array(ExchangeRunnerSchema),
});
export type MatchOddsMarket = z.infer<typeof MatchOddsMarketSchema>;

export const BookmakerMarketSchema = z.object({
  ...marketBase,
  type: z.literal('BOOKMAKER'),
  runners: z.array(RateRunnerSchema),
});
export type BookmakerMarket = z.infer<typeof BookmakerMarketSchema>;

export const TossMarketSchema = z.object({
  ...marketBase,
  type: z.literal('TOSS'),
  runners: z.array(RateRunnerSchema),
});
export type TossMarket = z.infer<typeof TossMarketSchema>;

/**
 * A fancy (session) market, e.g. "6 over runs CSK": NO wins when runs < noLine, YES wins when
 * runs ≥ yesLine; yesLine ≥ noLine. Rates are per 100 (exchange-math 'Fancy').
 */
export const FancyMarketSchema = z
  .object({
    ...marketBase,
    type: z.literal('FANCY'),
    noLine: nonNegativeIntField,
    noRate: RateSchema,
    yesLine: nonNegativeIntField,
    yesRate: RateSchema,
  })
  .refine((m) => m.yesLine >= m.noLine, { message: 'yesLine is at least noLine', path: ['yesLine'] });
export type FancyMarket = z.infer<typeof FancyMarketSchema>;

export type OddsMarket = MatchOddsMarket | BookmakerMarket | TossMarket | FancyMarket;

/**
 * GET Odds/GetUserOddsV2?eventId=: the event's markets that are not closed, by group. `version` rises
 * by exactly one with every change message of the event (OddsChangeMessageSchema), so a client that
 * holds version v applies the change numbered v + 1 and asks for a fresh snapshot on any gap.
 */
export const OddsV2Schema = z.object({
  eventId: EventIdSchema,
  version: nonNegativeIntField,
  at: IsoDateTimeSchema,
  matchOdds: z.array(MatchOddsMarketSchema),
  bookmaker: z.array(BookmakerMarketSchema),
  fancy: z.array(FancyMarketSchema),
  toss: z.array(TossMarketSchema),
});
export type OddsV2 = z.infer<typeof OddsV2Schema>;
export const GetUserOddsV2QuerySchema = EventIdQuerySchema;

/** GET Odds/GetUserLimits?eventId=: one entry per market (runnerId null: the whole market). */
export const UserLimitSchema = z.object({
  marketId: MarketIdSchema,
  marketType: LimitMarketTypeSchema,
  runnerId: RunnerIdSchema.nullable(),
  limit: z.object({
    minStake: NonNegativeMoneySchema,
    maxStake: NonNegativeMoneySchema,
    maxProfit: NonNegativeMoneySchema,
    isSuspended: z.boolean(),
    isBetLock: z.boolean(),
    /** The in-play bet delay in ms (V1 name). */
    delayTime: nonNegativeIntField,
  }),
});
export type UserLimit = z.infer<typeof UserLimitSchema>;
export const GetUserLimitsQuerySchema = EventIdQuerySchema;
export const GetUserLimitsResultSchema = z.array(UserLimitSchema);

// ---------------------------------------------------------------------------------------------
// Odds V1 (GET Odds/GetUserOdds?eventId=): api-shapes.md part A, for the family's older clients

/**
 * What a V1 client reads to lock a price: SUSPENDED (market or runner suspended, closed or out of the
 * race, or the feed's prices stale), BALLRUNNING (cricket, ball in play); ACTIVE otherwise.
 */
export const V1_RUNNER_STATUSES = ['ACTIVE', 'SUSPENDED', 'BALLRUNNING'] as const;
export const V1RunnerStatusSchema = z.enum(V1_RUNNER_STATUSES);

/**
 * A match-odds, bookmaker or toss runner with its best price a side (0 and ₹0 when none): decimal
 * odds for match odds, a per-100 rate for bookmaker and toss. `marketId` is the market to bet on.
 */
export const V1RunnerSchema = z.object({
  id: RunnerIdSchema,
  runnername: z.string(),
  backPrice: z.number().nonnegative(),
  backSize: NonNegativeMoneySchema,
  layPrice: z.number().nonnegative(),
  laySize: NonNegativeMoneySchema,
  status: V1RunnerStatusSchema,
  marketId: MarketIdSchema,
});
export type V1Runner = z.infer<typeof V1RunnerSchema>;

/**
 * A fancy market as a runner of the fancy group, as the family prices sessions: back is YES
 * (`backPrice` the YES runs line, `backSize` its per-100 rate), lay is NO (`layPrice` the NO line,
 * `laySize` its rate). A bet on it sends `fancyValue` = the line, `rate` = the rate, `runnerId` null
 * and this `marketId`; `id` is the market id too (a fancy market has no runners).
 */
export const V1FancyRunnerSchema = z.object({
  id: MarketIdSchema,
  runnername: z.string(),
  backPrice: nonNegativeIntField,
  backSize: nonNegativeIntField,
  layPrice: nonNegativeIntField,
  laySize: nonNegativeIntField,
  status: V1RunnerStatusSchema,
  marketId: MarketIdSchema,
});
export type V1FancyRunner = z.infer<typeof V1FancyRunnerSchema>;

/**
 * One V1 group: one market (V1 knows one a group). matchOdds is the event's match odds (or a race's
 * win market); other exchange markets (football's over/under) are served by Odds V2 only. A group
 * the event lacks is `{ marketId: null, marketName: '', runners: [] }`, never absent.
 */
export const V1MarketGroupSchema = z.object({
  marketId: MarketIdSchema.nullable(),
  marketName: z.string(),
  runners: z.array(V1RunnerSchema),
});
/** The fancy group: every fancy market of the event, one a runner, each with its own marketId. */
export const V1FancyGroupSchema = z.object({
  marketId: z.null(),
  marketName: z.string(),
  runners: z.array(V1FancyRunnerSchema),
});

export const OddsV1Schema = z.object({
  eventId: EventIdSchema,
  matchOdds: V1MarketGroupSchema,
  bookmaker: V1MarketGroupSchema,
  fancy: V1FancyGroupSchema,
  toss: V1MarketGroupSchema,
});
export type OddsV1 = z.infer<typeof OddsV1Schema>;
export const GetUserOddsV1QuerySchema = EventIdQuerySchema;

// ---------------------------------------------------------------------------------------------
// Scorecards (GET api/services/app/Sport/GetScoreCard?eventId=)

const cricketInningsSchema = z.object({
  team: z.string(),
  runs: nonNegativeIntField,
  wickets: intField.min(0).max(10),
  /** Legal balls bowled. */
  balls: nonNegativeIntField,
  /** Cricket notation: "16.2" is 16 overs and 2 balls. */
  overs: z.string(),
  extras: nonNegativeIntField,
});

export const CricketScoreCardSchema = z.object({
  sport: z.literal('cricket'),
  eventId: EventIdSchema,
  format: z.enum(['T20', 'ODI']),
  maxOvers: positiveIntField,
  phase: z.enum([
    'PRE_TOSS',
    'TOSS_DONE',
    'INNINGS_1',
    'INNINGS_BREAK',
    'INNINGS_2',
    'FINISHED',
    'ABANDONED',
  ]),
  toss: z.object({ winner: z.string(), decision: z.enum(['bat', 'bowl']) }).optional(),
  battingTeam: optionalStringField,
  innings: z.array(cricketInningsSchema).max(2),
  currentRunRate: z.number().nonnegative().optional(),
  target: positiveIntField.optional(),
  requiredRunRate: z.number().nonnegative().optional(),
  /** The current over so far, oldest first: "0", "1", "4", "6", "W", "wd", "nb". */
  recentBalls: z.array(z.string()),
  /** "CSK need 45 runs from 30 balls", "MI won by 12 runs". */
  summary: z.string(),
});

export const FootballScoreCardSchema = z.object({
  sport: z.literal('football'),
  eventId: EventIdSchema,
  home: z.string(),
  away: z.string(),
  homeGoals: nonNegativeIntField,
  awayGoals: nonNegativeIntField,
  period: z.enum(['PRE', 'FIRST_HALF', 'HALF_TIME', 'SECOND_HALF', 'FULL_TIME', 'ABANDONED']),
  /** Match minute, 0 before kick-off; 90+ in added time. */
  minute: nonNegativeIntField,
  goals: z.array(z.object({ minute: nonNegativeIntField, team: z.enum(['home', 'away']) })),
  summary: z.string(),
});

const tennisPointSchema = z.enum(['0', '15', '30', '40', 'AD']);
export const TennisScoreCardSchema = z.object({
  sport: z.literal('tennis'),
  eventId: EventIdSchema,
  players: z.tuple([z.string(), z.string()]),
  bestOf: z.union([z.literal(3), z.literal(5)]),
  /** Games per completed or current set, [player1, player2]. */
  sets: z.array(z.tuple([nonNegativeIntField, nonNegativeIntField])),
  /** Points in the current game; in a tie-break, numbers as text ("5", "3"). */
  points: z.tuple([z.union([tennisPointSchema, z.string()]), z.union([tennisPointSchema, z.string()])]),
  tieBreak: z.boolean(),
  /** 0 or 1: who serves. */
  server: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'RETIRED']),
  summary: z.string(),
});

export const KabaddiScoreCardSchema = z.object({
  sport: z.literal('kabaddi'),
  eventId: EventIdSchema,
  home: z.string(),
  away: z.string(),
  homePoints: nonNegativeIntField,
  awayPoints: nonNegativeIntField,
  half: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  minute: nonNegativeIntField,
  raids: nonNegativeIntField,
  allOuts: z.tuple([nonNegativeIntField, nonNegativeIntField]),
  status: z.enum(['NOT_STARTED', 'FIRST_HALF', 'HALF_TIME', 'SECOND_HALF', 'FINISHED']),
  summary: z.string(),
});

export const HorseRacingScoreCardSchema = z.object({
  sport: z.literal('horseRacing'),
  eventId: EventIdSchema,
  course: z.string(),
  raceName: z.string(),
  distanceMetres: positiveIntField,
  going: z.string(),
  offTime: IsoDateTimeSchema,
  /** Seconds to the off, 0 once the race is running or over. */
  countdownSeconds: nonNegativeIntField,
  phase: z.enum(['PRE_RACE', 'RUNNING', 'FINISHED']),
  runners: z.array(
    z.object({
      runnerId: RunnerIdSchema,
      number: positiveIntField,
      name: z.string(),
      jockey: z.string(),
      draw: positiveIntField,
      weightKg: z.number().positive(),
      status: z.enum(['RUNNER', 'NON_RUNNER']),
      /** Running or finishing position once off. */
      position: positiveIntField.optional(),
    }),
  ),
  summary: z.string(),
});

export const ScoreCardSchema = z.discriminatedUnion('sport', [
  CricketScoreCardSchema,
  FootballScoreCardSchema,
  TennisScoreCardSchema,
  KabaddiScoreCardSchema,
  HorseRacingScoreCardSchema,
]);
export type ScoreCard = z.infer<typeof ScoreCardSchema>;
export type CricketScoreCard = z.infer<typeof CricketScoreCardSchema>;
export type FootballScoreCard = z.infer<typeof FootballScoreCardSchema>;
export type TennisScoreCard = z.infer<typeof TennisScoreCardSchema>;
export type KabaddiScoreCard = z.infer<typeof KabaddiScoreCardSchema>;
export type HorseRacingScoreCard = z.infer<typeof HorseRacingScoreCardSchema>;
export const GetScoreCardQuerySchema = EventIdQuerySchema;

// ---------------------------------------------------------------------------------------------
// Realtime odds messages (pushed to the hub group of the event)

/** Hub codes for the `Message` target, `{ Code, Data }`, and the group an event's messages go to. */
export const ODDS_HUB_CODES = {
  snapshot: 'OddsSnapshot',
  change: 'OddsChange',
  scoreCard: 'ScoreCard',
} as const;
/** An event page's hub group: the group a client joins by sending GroupBy = the event id. */
export function eventHubGroup(eventId: number): string {
  return pageGroup(eventId);
}

/** The whole picture of an event's odds, sent when a client joins the event's group or asks again. */
export const OddsSnapshotMessageSchema = z.object({
  kind: z.literal('snapshot'),
  odds: OddsV2Schema,
});
export type OddsSnapshotMessage = z.infer<typeof OddsSnapshotMessageSchema>;

/**
 * What changed in an event's odds. Each listed market is whole and replaces the client's copy; a
 * market with status CLOSED (and its result) leaves the page. Apply only when version is exactly
 * the held version + 1 (prevVersion); otherwise fetch Odds/GetUserOddsV2 and start from that.
 * `event` carries the event's status and score when they changed.
 */
export const OddsChangeMessageSchema = z.object({
  kind: z.literal('change'),
  eventId: EventIdSchema,
  version: positiveIntField,
  prevVersion: nonNegativeIntField,
  at: IsoDateTimeSchema,
  matchOdds: z.array(MatchOddsMarketSchema),
  bookmaker: z.array(BookmakerMarketSchema),
  fancy: z.array(FancyMarketSchema),
  toss: z.array(TossMarketSchema),
  event: z
    .object({ status: EventStatusSchema, matchDate: MatchDateSchema, score: optionalStringField })
    .optional(),
});
export type OddsChangeMessage = z.infer<typeof OddsChangeMessageSchema>;

export const ScoreCardMessageSchema = z.object({ kind: z.literal('scoreCard'), scoreCard: ScoreCardSchema });
export type ScoreCardMessage = z.infer<typeof ScoreCardMessageSchema>;

export const OddsHubMessageSchema = z.discriminatedUnion('kind', [
  OddsSnapshotMessageSchema,
  OddsChangeMessageSchema,
  ScoreCardMessageSchema,
]);
export type OddsHubMessage = z.infer<typeof OddsHubMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Prices in the lists of events (GET Odds/GetListPrices?list=, and the ListPrices push)

/**
 * Which events a list shows prices for: `inplay` (In-Play), `all` (the Sports page, favourites)
 * or one sport's (`sport-4`, the match list of sport 4).
 */
export const PriceListSchema = z.string().regex(/^(inplay|all|sport-\d{1,4})$/, 'inplay, all or sport-{id}');
export type PriceList = z.infer<typeof PriceListSchema>;
export function priceListOfSport(sportId: number): PriceList {
  return `sport-${sportId}`;
}
/** What a list page sends as GroupBy to get its prices' changes (the hub group is its pageGroup). */
export function priceListGroupBy(list: PriceList): string {
  return `prices:${list}`;
}
export function priceListHubGroup(list: PriceList): string {
  return pageGroup(priceListGroupBy(list));
}

/** One runner of a list row: its best price a side, null when none is offered. */
export const ListRunnerPriceSchema = z.object({
  id: RunnerIdSchema,
  name: z.string(),
  status: RunnerStatusSchema,
  back: PriceSizeSchema.nullable(),
  lay: PriceSizeSchema.nullable(),
});
export type ListRunnerPrice = z.infer<typeof ListRunnerPriceSchema>;

/**
 * An event's match odds as a list row shows them: the best back and lay of each runner, in the
 * order 1, X, 2 (home, the draw, away) when the market has a draw, else by sortPriority; with what
 * a tap needs to fill the betslip (the market's name, limits and delay). `version` is the event's
 * odds version (OddsV2Schema.version): of two copies of an event's prices the higher one stands.
 */
export const EventPricesSchema = z.object({
  eventId: EventIdSchema,
  version: nonNegativeIntField,
  marketId: MarketIdSchema,
  marketName: z.string(),
  status: MarketStatusSchema,
  inPlay: z.boolean(),
  betDelayMs: nonNegativeIntField,
  minStake: NonNegativeMoneySchema,
  maxStake: NonNegativeMoneySchema,
  runners: z.array(ListRunnerPriceSchema).max(3),
});
export type EventPrices = z.infer<typeof EventPricesSchema>;

export const ListPricesQuerySchema = z.object({ list: PriceListSchema });
export const ListPricesResultSchema = z.object({ list: PriceListSchema, prices: z.array(EventPricesSchema) });
export type ListPricesResult = z.infer<typeof ListPricesResultSchema>;

/**
 * Pushed to a list's hub group (priceListHubGroup): the events whose best prices changed since the
 * last push (coalesced, at most one push a list per second), and the events whose match odds left
 * the list (closed, or the event finished). `snapshot` is true for the whole list, sent to a
 * connection as it joins the group and when the feed goes stale or fresh.
 */
export const ListPricesMessageSchema = z.object({
  list: PriceListSchema,
  snapshot: z.boolean(),
  prices: z.array(EventPricesSchema),
  removed: z.array(EventIdSchema),
});
export type ListPricesMessage = z.infer<typeof ListPricesMessageSchema>;
export const LIST_PRICES_HUB_CODE = 'ListPrices';
