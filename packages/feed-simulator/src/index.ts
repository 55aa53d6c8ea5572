export {
  SimulatedFeed,
  WORLD_CHECKPOINT_VERSION,
  checkpointVersionOf,
  defaultEventIdBase,
  type FixtureSeed,
  type SimulatorOptions,
  type WorldCheckpoint,
} from './world';
export { DEFAULT_QUOTE_ACTIVITY } from './engine';
export { DEFAULT_SCHEDULE, type SportSchedule } from './fixtures';
export { MAX_MARKETS_PER_EVENT, marketIdOf, runnerIdOf } from './ids';
