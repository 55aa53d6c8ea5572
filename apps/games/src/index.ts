// @backlay/games: the pure core of Backlay's own casino provider (provably fair engine and game rules).
export { GamesError, type GamesErrorCode } from './errors';

export {
  commitment,
  newClientSeed,
  newServerSeed,
  isServerSeed,
  type RandomSource,
  type ServerSeed,
} from './fair/seeds';
export { floats, bytesToFloat, hmacBytes, FLOATS_PER_HMAC, MAX_FLOATS } from './fair/floats';
export {
  card,
  cardAt,
  cardIndex,
  freshDeck,
  formatCard,
  isRed,
  DECK_SIZE,
  SUITS,
  type Card,
  type Rank,
  type Suit,
} from './fair/cards';
export { shuffle, floatsToShuffle } from './fair/shuffle';
export {
  createSeedState,
  publicSeeds,
  takeNonce,
  rotate,
  type ActiveSeeds,
  type PublicSeeds,
  type RevealedSeeds,
  type RoundSeeds,
  type SeedState,
} from './fair/rotation';
export { verifyCommitment, revealedFloats, type RoundReveal } from './fair/verify';

export { DEFAULT_LIMITS, formatOdds, type Hundredths, type Paise, type StakeLimits } from './games/money';
export type { Bet, BetResult, BetStatus, MarketInfo } from './games/bets';
export type { FairGame, FixedOddsGame, GameDescription, GameId } from './games/game';
export { teenPatti, type TeenPattiMarket, type TeenPattiOutcome } from './games/teen-patti';
export {
  evaluateHand,
  compareHands,
  CATEGORIES,
  type Category,
  type HandValue,
} from './games/teen-patti-hands';
export { andarBahar, type AndarBaharMarket, type AndarBaharOutcome } from './games/andar-bahar';
export { dragonTiger, type DragonTigerMarket, type DragonTigerOutcome } from './games/dragon-tiger';
export { lucky7, type Lucky7Market, type Lucky7Outcome } from './games/lucky7';
export {
  dice,
  quote as diceQuote,
  type DiceBet,
  type DiceDescription,
  type DiceDirection,
  type DiceOutcome,
  type DiceQuote,
  type DiceResult,
} from './games/dice';
export { GAMES, gameById, recomputeRound, verifyRound, type Recomputed } from './games/verify';

// The provider's side of the seamless wallet, and the tables that take bets through it.
export {
  WalletClient,
  isRollbackRetryable,
  type Wallet,
  type WalletClientOptions,
} from './wallet/wallet-client';
export { WalletError, isWalletError, isUnknownOutcome, type WalletErrorKind } from './wallet/errors';
export {
  Table,
  type Phase,
  type RoundRecord,
  type RoundView,
  type TableBet,
  type TableOptions,
  type TablePlayer,
} from './tables/table';
export { DiceDesk, type DiceDeskOptions, type DicePlay, type DicePlayer } from './tables/dice-desk';
export { realScheduler, type Scheduler } from './tables/scheduler';
export { TableError, type TableErrorCode } from './tables/errors';
