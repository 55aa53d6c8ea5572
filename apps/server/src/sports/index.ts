/*
 * The sports feature's public entry: the market feed and how it is started, the market rows bets
 * and settlement read, markets closed by hand, and the sports routes and service.
 */
export { feedOptionsFromEnv, runFeed, type FeedRole, type MarketFeed } from './feed';
export { MarketClosures } from './market-closures';
export { MarketStore } from './market-store';
export { sportsRoutes } from './routes';
export { SportsService } from './sports-service';
