/*
 * The responsible-gaming feature's public entry: the plugin the app registers, and what the
 * features that move money ask before they do (guards.ts; the bet path composes the repository's
 * loss fragments into its own statements and judges with the rules).
 */
export { responsibleGamingPlugin } from './plugin';
export { checkDeposit, guardDeposit, guardRisk, lostPerWindow, refuseIfBarred } from './guards';
export {
  lossStateColumnSql,
  noLossLimitSql,
  parseLossState,
  type LossState,
} from './responsible-gaming-repository';
export { barredError, lossRefusal } from './rules';
