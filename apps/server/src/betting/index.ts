/*
 * The betting feature's public entry. The app registers the plugin; the statements read the bets
 * with betting's own queries and its SQL row readers.
 */
export { bettingPlugin } from './plugin';
export {
  OrderService,
  type CancelBetBody,
  type LapseScope,
  type OrderChange,
  type OrderServiceDeps,
  type UpdateBetBody,
} from './order-service';
export { betRows, countBets, toHistoryItem, type BetRow } from './read-repository';
export { isoOf, num, paiseOf, queryRows } from './sql-rows';
