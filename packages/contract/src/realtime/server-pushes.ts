import { z } from 'zod';
import { MoneySchema } from '../money';
import {
  ODDS_HUB_CODES,
  OddsChangeMessageSchema,
  OddsSnapshotMessageSchema,
  ScoreCardMessageSchema,
  type OddsHubMessage,
} from '../sports';

/*
 * Server → client: everything the server pushes, each as the single argument of the client
 * method `Message` (HUB_CLIENT_METHOD): `{ Code, Data }`, told apart by Code. The server encodes
 * a push with ServerPushSchema before sending (z.encode) and the client parses what arrives with
 * it, so a money codec inside Data turns into wire rupees and back on its own.
 */

/** The connection user's live balance and exposure (product spec section 3). */
export const UserBalanceSchema = z.object({ Balance: MoneySchema, Exposure: MoneySchema });
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

export const ServerPushSchema = z.discriminatedUnion('Code', [
  UserBalancePushSchema,
  OddsSnapshotPushSchema,
  OddsChangePushSchema,
  ScoreCardPushSchema,
]);
/** A push as code holds it (after parse, before encode). */
export type ServerPush = z.output<typeof ServerPushSchema>;
/** A push as it travels. */
export type ServerPushWire = z.input<typeof ServerPushSchema>;
export type ServerPushCode = ServerPush['Code'];
export type ServerPushOf<C extends ServerPushCode> = Extract<ServerPush, { Code: C }>;

export const SERVER_PUSH_CODES = {
  UserBalance: 'UserBalance',
  OddsSnapshot: ODDS_HUB_CODES.snapshot,
  OddsChange: ODDS_HUB_CODES.change,
  ScoreCard: ODDS_HUB_CODES.scoreCard,
} as const satisfies { [C in ServerPushCode]: C };

export function userBalancePush(data: UserBalance): ServerPushOf<'UserBalance'> {
  return { Code: 'UserBalance', Data: data };
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
