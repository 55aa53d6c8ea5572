/*
 * The account feature's public entry: registration, sign-in sessions, the account's routes and the
 * clean-up of expired demo accounts, which the app wires together.
 */
export { AccountService, SignInDelayed } from './account-service';
export { closeExpiredDemoAccounts } from './demo-cleanup';
export { loginLinkRoutes } from './login-link-routes';
export { LoginLinkService } from './login-link-service';
export { accountRoutes } from './routes';
export { SessionService } from './session-service';
// The sign-in guard's rules, which operators' sign-in applies too.
export { judgeSignIn, SIGN_IN_LIMITS } from './sign-in-guard';
