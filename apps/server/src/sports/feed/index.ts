// The server's side of the market feed. The feed's interface is @backlay/market-feed (re-exported
// here for the server's features); which feed runs is chosen in run-feed.ts from configuration.
export type * from '@backlay/market-feed';
export { isFeedSport } from '@backlay/market-feed';
export { FEED_CHANNELS, FeedMirror, publishFeed } from './bus-link';
export {
  DEFAULT_SEED,
  feedOptionsFromEnv,
  runFeed,
  type FeedRole,
  type RunFeedOptions,
  type RunningFeed,
} from './run-feed';
export * from './wire';
