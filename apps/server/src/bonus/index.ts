/*
 * The bonus feature's public entry: its service (the cashier's BonusGuard is `bonuses.guard`), the
 * player's and operators' routes, the scheduled job, the demo catalogue, and `recordCasinoWager`
 * for the casino (issue 15).
 */
export { BonusService, recordCasinoWager, uncountCasinoWager } from './bonus-service';
export { BonusJob } from './bonus-job';
export { bonusOperatorRoutes, bonusRoutes } from './routes';
export { seedDemoBonuses, DEMO_BONUSES } from './seed';
export { bonusPlugin } from './plugin';
