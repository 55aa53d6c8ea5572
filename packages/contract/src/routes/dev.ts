import { isOnLadder } from '@backlay/exchange';
import { z } from 'zod';
import { PositiveMoneySchema } from '../money';
import { DecimalOddsSchema, EventIdSchema, MarketIdSchema, RunnerIdSchema } from '../sports';
import { route } from './route-def';
import { intField } from '../fields';

/*
 * Development controls for the browser journeys (absent when NODE_ENV is production): moving the
 * simulated feed's prices by hand, so a resting order can be matched on cue.
 */

/** One level of an exchange book as the control sets it: a ladder price and the money there. */
const LadderLevelSchema = z.object({
  price: DecimalOddsSchema.refine((odds) => isOnLadder(Math.round(odds * 100)), {
    message: 'Prices are on the exchange ladder',
  }),
  size: PositiveMoneySchema,
});

export const SetFeedPricesInputSchema = z
  .object({
    marketId: MarketIdSchema,
    runnerId: RunnerIdSchema,
    /** Best first: back prices descending; up to three levels. */
    back: z.array(LadderLevelSchema).max(3),
    /** Best first: lay prices ascending; up to three levels. */
    lay: z.array(LadderLevelSchema).max(3),
    /** How long (feed time) the simulator keeps these prices instead of its own. Default 300 s. */
    holdSeconds: intField.min(1).max(86_400).default(300),
  })
  .refine((b) => b.back.every((l, i) => i === 0 || (b.back[i - 1] as typeof l).price > l.price), {
    message: 'Back prices go best (highest) first',
    path: ['back'],
  })
  .refine((b) => b.lay.every((l, i) => i === 0 || (b.lay[i - 1] as typeof l).price < l.price), {
    message: 'Lay prices go best (lowest) first',
    path: ['lay'],
  })
  .refine((b) => !b.back[0] || !b.lay[0] || b.back[0].price < b.lay[0].price, {
    message: 'The best back price is below the best lay price',
    path: ['lay'],
  });
export type SetFeedPricesInput = z.output<typeof SetFeedPricesInputSchema>;

export const SetFeedPricesResultSchema = z.object({
  marketId: MarketIdSchema,
  eventId: EventIdSchema,
  /** The event's odds version of the change that carried the prices. */
  version: intField,
  /** Until when (feed time, ISO) the simulator keeps them. */
  heldUntil: z.string(),
});
export type SetFeedPricesResult = z.output<typeof SetFeedPricesResultSchema>;

export const devRoutes = {
  devSetFeedPrices: route({
    method: 'POST',
    path: '/dev/feed/set-prices',
    auth: 'none',
    tag: 'Development',
    summary:
      "Set one runner's exchange prices on the simulated feed, published as the feed's own change (not in production)",
    query: undefined,
    body: SetFeedPricesInputSchema,
    result: SetFeedPricesResultSchema,
    devOnly: true,
  }),
} as const;
