/*
 * The operators' area's public entry: operator accounts (sign-in, roles per domain, the audit log),
 * the hook that reads operators' tokens, their routes, the demo operators, and the wallet adjustments.
 */
export { BootstrapRefused, createOperatorDirectly } from './bootstrap';
export { operatorAuthPlugin } from './operator-auth-plugin';
export { OperatorAuditTrail, OperatorService } from './operator-service';
export { OperatorTokens } from './operator-tokens';
export { operatorRoutes } from './routes';
export {
  DEMO_OPERATOR_PASSWORD,
  DEMO_OPERATOR_TOTP_SECRET,
  demoOperatorHints,
  seedDemoOperators,
} from './seed';
export { TotpSealer } from './totp';
export { WalletAdjustments } from './wallet-adjustments';
