import { z } from 'zod';
import { BetFillSchema, OrderStatusSchema } from '../betting';
import { MoneySchema } from '../money';
import { EventIdSchema, MarketIdSchema } from '../sports';
import {
  LIST_PRICES_HUB_CODE,
  ListPricesMessageSchema,
  type ListPricesMessage,
  ODDS_HUB_CODES,
  OddsChangeMessageSchema,
  OddsSnapshotMessageSchema,
  ScoreCardMessageSchema,
  type OddsHubMessage,
} from '../sports';
import { intField } from '../fields';

/*
 * Server → client: everything the server pushes, each as the single argument of the client
 * method `Message` (HUB_CLIENT_METHOD): `{ Code, Data }`, told apart by Code. The server encodes
 * a push with ServerPushSchema before sending (z.encode) and the client parses what arrives with
 * it, so a money codec inside Data turns into wire rupees and back on its own.
 */

/** The connection user's live balance and exposure (product spec section 3). */
/** `BonusBalance`: the bonus money beside cash (never staked); absent from backends without bonuses. */
export const UserBalanceSchema = z.object({
  Balance: MoneySchema,
  Exposure: MoneySchema,
  BonusBalance: MoneySchema.optional(),
});
export type UserBalance = z.output<typeof UserBalanceSchema>;

/** Sent to every connection of a user after any change to their wallet. */
export const UserBalancePushSchema = z.object({ Code: z.literal('UserBalance'), Data: UserBalanceSchema });
/** Sent to a connection as it joins an event page, and to the page when a market comes off by hand. */
export const OddsSnapshotPushSchema = z.object({
  Code: z.literal(ODDS_HUB_CODES.snapshot),
  Data: OddsSnapshotMessageSchema,
});
/** Sent to an event page's group for every versioned change of its odds. */
export const OddsChangePushSchema = z.object({
  Code: z.literal(ODDS_HUB_CODES.change),
  Data: OddsChangeMessageSchema,
});
/** Sent to an event page's group when its scorecard changes, and to a connection joining the page. */
export const ScoreCardPushSchema = z.object({
  Code: z.literal(ODDS_HUB_CODES.scoreCard),
  Data: ScoreCardMessageSchema,
});

/** Sent to a list page's group (priceListHubGroup): its events' best match-odds prices. */
export const ListPricesPushSchema = z.object({
  Code: z.literal(LIST_PRICES_HUB_CODE),
  Data: ListPricesMessageSchema,
});

/**
 * An order of the connection's user changed away from the player's own call: its unmatched part
 * matched (in full or in part) when the market's prices reached it, or lapsed (the market suspended,
 * closed, was voided, or turned in play with persistence 'cancel'). Also sent after the player's own
 * cancel or edit, so every tab of the user sees it. `fills` are the parts matched by this change.
 */
export const BetChangeSchema = z.object({
  betId: intField,
  eventId: EventIdSchema,
  marketId: MarketIdSchema,
  status: OrderStatusSchema,
  matchedStake: MoneySchema,
  unmatchedStake: MoneySchema,
  fills: z.array(BetFillSchema),
  /** For a toast: "Back India ₹300 matched @ 2.10; ₹200 still unmatched". */
  message: z.string(),
});
export type BetChange = z.output<typeof BetChangeSchema>;
export const BetChangePushSchema = z.object({ Code: z.literal('BetChange'), Data: BetChangeSchema });

export const ServerPushSchema = z.discriminatedUnion('Code', [
  UserBalancePushSchema,
  BetChangePushSchema,
  OddsSnapshotPushSchema,
  OddsChangePushSchema,
  ScoreCardPushSchema,
  ListPricesPushSchema,
]);
/** A push as code holds it (after parse, before encode). */
export type ServerPush = z.output<typeof ServerPushSchema>;
/** A push as it travels. */
export type ServerPushWire = z.input<typeof ServerPushSchema>;
export type ServerPushCode = ServerPush['Code'];
export type ServerPushOf<C extends ServerPushCode> = Extract<ServerPush, { Code: C }>;

export const SERVER_PUSH_CODES = {
  UserBalance: 'UserBalance',
  BetChange: 'BetChange',
  OddsSnapshot: ODDS_HUB_CODES.snapshot,
  OddsChange: ODDS_HUB_CODES.change,
  ScoreCard: ODDS_HUB_CODES.scoreCard,
  ListPrices: LIST_PRICES_HUB_CODE,
} as const satisfies { [C in ServerPushCode]: C };

export function userBalancePush(data: UserBalance): ServerPushOf<'UserBalance'> {
  return { Code: 'UserBalance', Data: data };
}

export function betChangePush(data: BetChange): ServerPushOf<'BetChange'> {
  return { Code: 'BetChange', Data: data };
}

/** The push of an odds message: its kind names the Code. */
export function oddsPush(message: OddsHubMessage): ServerPushOf<'OddsSnapshot' | 'OddsChange' | 'ScoreCard'> {
  switch (message.kind) {
    case 'snapshot':
      return { Code: ODDS_HUB_CODES.snapshot, Data: message };
    case 'change':
      return { Code: ODDS_HUB_CODES.change, Data: message };
    case 'scoreCard':
      return { Code: ODDS_HUB_CODES.scoreCard, Data: message };
  }
}

export function listPricesPush(data: ListPricesMessage): ServerPushOf<'ListPrices'> {
  return { Code: LIST_PRICES_HUB_CODE, Data: data };
}
