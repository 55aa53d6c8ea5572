import { z } from 'zod';
import { ErrorBodySchema } from './envelope';
import { MoneySchema, NonNegativeMoneySchema, PositiveMoneySchema } from './money';

/*
 * The casino's seamless wallet (section C4 of shared/spec/api-shapes.md): the games providers call
 * us, never the other way round, to read a player's balance, take a stake (bet), pay a win and
 * reverse a stake (rollback). apps/server/src/casino/README.md is the protocol for a provider.
 *
 * Signing: every call carries two headers, `X-Casino-Timestamp: <unix seconds>` and
 * `X-Casino-Signature: sha256=<hex>`, the hex being HMAC-SHA256(provider's secret,
 * "<timestamp>.<raw body>"). The timestamp is inside the signed text, so a captured call cannot be
 * sent again with a fresh time; a call more than CASINO_SIGNATURE_TOLERANCE_SECONDS away from our
 * clock is refused (CASINO_SIGNATURE_STALE). A replay inside the window is harmless: every money
 * call is idempotent on (provider, transactionId).
 *
 * Money is rupees on the wire (at most two decimals), paise once parsed, as everywhere else. The
 * balance answered is what the player can stake: cash minus the exposure of open exchange bets.
 * Bonus money is never staked (section C2): it is not in the balance and a bet never spends it.
 */

export const CASINO_PROVIDERS = ['international', 'dream', 'king', 'mac', 'udan'] as const;
export const CasinoProviderIdSchema = z.enum(CASINO_PROVIDERS);
export type CasinoProviderId = z.infer<typeof CasinoProviderIdSchema>;

export const CASINO_WALLET_CALLS = ['balance', 'bet', 'win', 'rollback'] as const;
export type CasinoWalletCall = (typeof CASINO_WALLET_CALLS)[number];

/** Where a provider calls: `POST /api/casino/wallet/{provider}/{call}`. */
export const casinoWalletPath = (provider: CasinoProviderId, call: CasinoWalletCall) =>
  `/api/casino/wallet/${provider}/${call}`;

/** The signing headers (lower case, as Node reads them; HTTP header names are case-insensitive). */
export const CASINO_TIMESTAMP_HEADER = 'x-casino-timestamp';
export const CASINO_SIGNATURE_HEADER = 'x-casino-signature';
/** How far a call's signed time may be from ours, either way. */
export const CASINO_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The text a provider signs: the timestamp header's value, a dot, and the body's bytes as sent. */
export const casinoSignedText = (timestamp: string, rawBody: string) => `${timestamp}.${rawBody}`;

/** The only currency: the wallet answers INR, and a call that names another is refused. */
export const CasinoCurrencySchema = z.literal('INR', { error: 'The currency is INR' });

/** A provider's id for a call or a round: printable ASCII without spaces, 1 to 128 characters. */
const ProviderIdText = (what: string) =>
  z
    .string({ error: `${what} is text` })
    .regex(/^[\x21-\x7e]{1,128}$/, `${what} is 1 to 128 printable characters without spaces`);

export const CasinoTransactionIdSchema = ProviderIdText('The transactionId');

const CasinoTokenField = z
  .string({ error: 'The casinoToken is required' })
  .min(1, 'The casinoToken is required')
  .max(4096);

export const CasinoBalanceInputSchema = z.object({
  /** The token the player's client handed the provider at launch (from sign-in). */
  casinoToken: CasinoTokenField,
});

export const CasinoBetInputSchema = z.object({
  casinoToken: CasinoTokenField,
  /** Unique per provider: the same id again is the same call. */
  transactionId: CasinoTransactionIdSchema,
  roundId: ProviderIdText('The roundId'),
  gameCode: ProviderIdText('The gameCode'),
  /** The stake, taken from cash alone. */
  amount: PositiveMoneySchema,
  currency: CasinoCurrencySchema.optional(),
});

export const CasinoWinInputSchema = z.object({
  casinoToken: CasinoTokenField,
  transactionId: CasinoTransactionIdSchema,
  /** The bet this win pays: a bet of the same provider, player and round. */
  referenceTransactionId: CasinoTransactionIdSchema,
  roundId: ProviderIdText('The roundId'),
  /** What is paid (0 closes a lost round); a bet may have several wins, each paid once. */
  amount: NonNegativeMoneySchema,
  currency: CasinoCurrencySchema.optional(),
});

export const CasinoRollbackInputSchema = z.object({
  casinoToken: CasinoTokenField,
  transactionId: CasinoTransactionIdSchema,
  /** The bet to reverse, seen or not: a bet never seen is tombstoned, so it is refused if it comes later. */
  referenceTransactionId: CasinoTransactionIdSchema,
  roundId: ProviderIdText('The roundId'),
});

export const CasinoBalanceResultSchema = z.object({
  /** Our id of the player, stable: a provider may key its own records on it. */
  playerId: z.string(),
  /** What the player can stake now: cash minus the exposure of open exchange bets. */
  balance: MoneySchema,
  currency: CasinoCurrencySchema,
  /** A demo account: it plays with play money, never real money. */
  demo: z.boolean(),
});

/** A bet or a win taken: the balance right after it. A replay answers exactly this again. */
export const CasinoTransactionResultSchema = z.object({
  transactionId: z.string(),
  balance: MoneySchema,
  currency: CasinoCurrencySchema,
});

/**
 * What a rollback did: `Reversed` gave the stake back; `AlreadyReversed` found the bet reversed by
 * another rollback and moved nothing; `Tombstone` found no such bet and left a tombstone, so that
 * bet is refused if it comes later. Each is an answer of success: a rollback is safe to repeat.
 */
export const CASINO_ROLLBACK_OUTCOMES = ['Reversed', 'AlreadyReversed', 'Tombstone'] as const;
export const CasinoRollbackResultSchema = CasinoTransactionResultSchema.extend({
  referenceTransactionId: z.string(),
  outcome: z.enum(CASINO_ROLLBACK_OUTCOMES),
  /** The stake given back by this rollback (0 unless Reversed). */
  refunded: NonNegativeMoneySchema,
});

export type CasinoBalanceInput = z.infer<typeof CasinoBalanceInputSchema>;
export type CasinoBetInput = z.output<typeof CasinoBetInputSchema>;
export type CasinoWinInput = z.output<typeof CasinoWinInputSchema>;
export type CasinoRollbackInput = z.output<typeof CasinoRollbackInputSchema>;
export type CasinoBalanceResult = z.output<typeof CasinoBalanceResultSchema>;
export type CasinoTransactionResult = z.output<typeof CasinoTransactionResultSchema>;
export type CasinoRollbackResult = z.output<typeof CasinoRollbackResultSchema>;
export type CasinoRollbackOutcome = (typeof CASINO_ROLLBACK_OUTCOMES)[number];

/**
 * A refused wallet call's error body: the envelope's, and, when the player is known and the
 * refusal is about money (INSUFFICIENT_FUNDS), the balance they can stake now.
 */
export const CasinoWalletErrorBodySchema = ErrorBodySchema.extend({
  balance: MoneySchema.optional(),
  currency: CasinoCurrencySchema.optional(),
});

/*
 * The lobby (section C4): each provider's catalogue, served by our server from the provider's own
 * list (`GET {providerHost}/games`), and the launch call the player's client makes to the provider.
 */

/** A game as the lobby lists it (`api/InternationalCasino/GetGames`, `api/casino/games?provider=`). */
export const CasinoGameSchema = z.object({
  /** `{provider}-{code}`: unique across providers. */
  id: z.string(),
  /** The provider's code for the game (the launch call's `gameCode`). */
  code: z.string(),
  name: z.string(),
  provider: CasinoProviderIdSchema,
  category: z.string(),
  /** The tile's picture (absolute). */
  imageURL: z.string(),
  /**
   * Where the client launches the game: `POST url { gameCode, casinoToken, lobbyUrl, platform }`,
   * except king, whose url already names the game (`{host}/launch/{code}`) and which takes no
   * body: the casinoToken goes as `Authorization: Bearer <casinoToken>`.
   */
  url: z.string(),
});
export type CasinoGame = z.infer<typeof CasinoGameSchema>;

/** A provider's games grouped by category, categories in the provider's order. */
export const CasinoCategorySchema = z.object({ category: z.string(), games: z.array(CasinoGameSchema) });
export const CasinoGamesResultSchema = z.array(CasinoCategorySchema);
export type CasinoCategory = z.infer<typeof CasinoCategorySchema>;

export const CasinoGamesQuerySchema = z.object({ provider: CasinoProviderIdSchema });

/** The providers that take no launch body (their game in the path, the token as a bearer header). */
export const CASINO_LAUNCH_WITHOUT_BODY: readonly CasinoProviderId[] = ['king'];
/** The providers that answer a launch inside `data` (`{ data: { url } }`); the others answer `{ url }`. */
export const CASINO_LAUNCH_IN_DATA: readonly CasinoProviderId[] = ['dream', 'udan'];

export const CASINO_PLATFORMS = ['desktop', 'mobile'] as const;
/** The launch call's body (every provider but king). */
export const CasinoLaunchInputSchema = z.object({
  gameCode: ProviderIdText('The gameCode'),
  casinoToken: CasinoTokenField,
  /** Where the game's own "lobby" button returns the player (our /lobby). */
  lobbyUrl: z.string().url().max(2048),
  platform: z.enum(CASINO_PLATFORMS),
});
export type CasinoLaunchInput = z.infer<typeof CasinoLaunchInputSchema>;
/** The game's address for the iframe. */
export const CasinoLaunchUrlSchema = z.object({ url: z.string().url() });
/** A launch answer: `{ url }`, or `{ data: { url } }` from the providers of CASINO_LAUNCH_IN_DATA. */
export const CasinoLaunchAnswerSchema = z.union([
  CasinoLaunchUrlSchema,
  z.object({ data: CasinoLaunchUrlSchema }),
]);
export type CasinoLaunchAnswer = z.infer<typeof CasinoLaunchAnswerSchema>;
/** The game's address from either form of the answer. */
export const launchUrlOf = (answer: CasinoLaunchAnswer): string =>
  'data' in answer ? answer.data.url : answer.url;
/** A provider's refusal (HTTP 4xx/5xx): `{ error: { code, message } }`. */
export const CasinoProviderErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
