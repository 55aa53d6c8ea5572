import type { AccessClaims } from '../../apps/server/src/auth/tokens';

/** The secret both sides of the hub bench sign and verify access tokens with. */
export const BENCH_SECRET = 'hub-bench-secret-not-used-anywhere-else';

/** Client i is user i, in its own sign-in session, as a player's token names them. */
export function benchClaims(i: number): AccessClaims {
  return { userId: i + 1, domainId: 1, sessionId: i + 1, isDemo: false };
}
