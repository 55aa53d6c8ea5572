export * from './adapter';
export { ManualClock, scaledClock, systemClock, type FeedClock } from './clock';
export * from './pricing';
export { marketProblems } from './invariants';
