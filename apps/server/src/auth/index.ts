/*
 * The auth feature's public entry: what other features and the app may import. Tokens, refresh
 * tokens, passwords and session revocations are auth's; who a request is from (AuthUser) is
 * declared by platform/http, which reads it.
 */
export { authPlugin } from './auth-plugin';
export { hashPassword, verifyPassword } from './passwords';
export { SessionRevocations, type SessionRevocationAnnouncer } from './session-revocations';
export { TokenService, hashRefreshToken, newRefreshToken, tokenFailure } from './tokens';
export { VerifiedTokens } from './verified-tokens';
