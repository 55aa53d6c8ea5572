import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../platform/http/app-error';
import type { TokenService } from './tokens';

// The request's authUser and authError are declared with AuthUser in platform/http, whose
// defineRoute reads them; this plugin fills them in.
export type { AuthUser } from '../platform/http/auth-user';

/**
 * A token of a revoked session is answered as an expired one: the client's session is over either
 * way, and TOKEN_EXPIRED is the code it signs the player out on.
 */
function refusal(reason: 'expired' | 'invalid' | 'revoked'): AppError {
  if (reason === 'expired') return new AppError('TOKEN_EXPIRED');
  if (reason === 'revoked')
    return new AppError('TOKEN_EXPIRED', 'This session has been signed out. Please log in again.');
  return new AppError('UNAUTHENTICATED');
}

/**
 * Reads the bearer token on every request. A token is only good on the domain it was issued for,
 * so an account of one white-label site cannot act on another. Needs request.domain (settings plugin).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { tokens: TokenService }) => {
    app.decorateRequest('authUser', null);
    app.decorateRequest('authError', null);
    app.addHook('preHandler', async (req) => {
      const header = req.headers.authorization;
      if (!header) return;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) {
        req.authError = new AppError('UNAUTHENTICATED');
        return;
      }
      const verified = await opts.tokens.verifyAccess(match[1]);
      if (!verified.ok) {
        req.authError = refusal(verified.reason);
        return;
      }
      if (verified.claims.domainId !== req.domain.id) {
        req.authError = new AppError('UNAUTHENTICATED');
        return;
      }
      req.authUser = verified.claims;
    });
  },
  { name: 'auth', dependencies: ['domains'] },
);
