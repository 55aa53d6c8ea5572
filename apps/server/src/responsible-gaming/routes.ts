import { routes } from '@backlay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createDecoder } from 'fast-jwt';
import { defineRoute } from '../platform/http/define-route';
import type { ResponsibleGamingService } from './responsible-gaming-service';

const decodeToken = createDecoder();

/**
 * When the request's access token was issued: the session's start when its sign-in row cannot be
 * read. The auth plugin has already verified the token; this only reads its `iat`.
 */
function tokenIssuedAt(req: FastifyRequest): Date | null {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return null;
  try {
    const { iat } = decodeToken(token) as { iat?: unknown };
    return typeof iat === 'number' ? new Date(iat * 1000) : null;
  } catch {
    return null;
  }
}

/** The player's limits, reality check, time-out and self-exclusion: their own, on their own site. */
export async function responsibleGamingRoutes(
  app: FastifyInstance,
  opts: { responsibleGaming: ResponsibleGamingService },
) {
  const rg = opts.responsibleGaming;
  defineRoute(app, routes.getResponsibleGaming, ({ user, req }) => rg.view(user, tokenIssuedAt(req)));
  defineRoute(
    app,
    routes.setResponsibleGaming,
    ({ user, body, req }) => rg.change(user, body, tokenIssuedAt(req)),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}

/**
 * Development only (registered outside production): `POST /dev/responsible-gaming/age` moves one
 * player's responsible-gaming times back by some hours, so a journey sees a pending increase come
 * due or a time-out end without waiting a day.
 */
export async function devResponsibleGamingRoutes(
  app: FastifyInstance,
  opts: { responsibleGaming: ResponsibleGamingService },
) {
  defineRoute(app, routes.devAgeResponsibleGaming, ({ body, req }) =>
    opts.responsibleGaming.age(req.domain.id, body.userName, body.hours),
  );
}
