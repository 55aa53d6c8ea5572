export { SimulatedFeed, defaultEventIdBase, type SimulatorOptions } from './world';
export { DEFAULT_QUOTE_ACTIVITY } from './engine';
export { DEFAULT_SCHEDULE, type SportSchedule } from './fixtures';
