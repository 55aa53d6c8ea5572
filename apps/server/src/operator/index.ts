/* The operators' area's public entry: its routes and the wallet adjustments they post. */
export { operatorRoutes } from './routes';
export { WalletAdjustments } from './wallet-adjustments';
