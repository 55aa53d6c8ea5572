export type * from './adapter';
export { isFeedSport } from './adapter';
export { ManualClock, scaledClock, systemClock, type FeedClock } from './clock';
export { FEED_CHANNELS, FeedMirror, publishFeed, type StatefulFeed } from './bus-link';
export {
  DEFAULT_SEED,
  feedOptionsFromEnv,
  runFeed,
  type FeedRole,
  type RunFeedOptions,
  type RunningFeed,
} from './run-feed';
export { SimulatedFeed, type SimulatorOptions } from './simulator/world';
export { DEFAULT_SCHEDULE, type SportSchedule } from './simulator/fixtures';
export * from './wire';
