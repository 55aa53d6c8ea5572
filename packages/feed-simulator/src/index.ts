export {
  SimulatedFeed,
  defaultEventIdBase,
  type FixtureSeed,
  type SimulatorOptions,
  type WorldCheckpoint,
} from './world';
export { DEFAULT_QUOTE_ACTIVITY } from './engine';
export { DEFAULT_SCHEDULE, type SportSchedule } from './fixtures';
