import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import { findActiveOperatorOnDomain } from './operator-repository';
import type { OperatorTokens } from './operator-tokens';
import type { OperatorAuditTrail } from './operator-service';

/**
 * Reads an operator's bearer token. It runs after the players' hook and only where that hook found
 * no player (an operator's token never verifies as a player's), so players' calls pay nothing. The
 * token must be for the request's domain; the operator and its role there are read from the
 * database on each call, so a disabled operator, a changed role or a TOTP reset counts at once.
 * Needs request.domain (settings plugin) and the auth plugin.
 */
export const operatorAuthPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; tokens: OperatorTokens; audit: OperatorAuditTrail }) => {
    app.decorateRequest('authOperator', null);
    app.decorateRequest('operatorAuthError', null);
    app.decorate('operatorAudit', opts.audit);
    app.addHook('preHandler', async (req) => {
      if (req.authUser) return;
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!match?.[1]) return;
      const verified = await opts.tokens.verify(match[1]);
      if (!verified.ok) {
        // Not an operator's token either: the players' hook has said why for player routes.
        if (verified.reason === 'expired') {
          req.operatorAuthError = new AppError(
            'TOKEN_EXPIRED',
            'Your operator session has expired. Please sign in again.',
          );
        }
        return;
      }
      const { operatorId, domainId, version, signedInAt } = verified.claims;
      const refused = new AppError('UNAUTHENTICATED', 'This operator token is not good on this site.');
      if (domainId !== req.domain.id) {
        req.operatorAuthError = refused;
        return;
      }
      const operator = await findActiveOperatorOnDomain(opts.db, operatorId, domainId);
      if (!operator || operator.tokenVersion !== version) {
        req.operatorAuthError = refused;
        return;
      }
      req.authOperator = {
        operatorId,
        userName: operator.userName,
        domainId,
        role: operator.role,
        signedInAt,
      };
    });
  },
  { name: 'operator-auth', dependencies: ['domains', 'auth'] },
);
