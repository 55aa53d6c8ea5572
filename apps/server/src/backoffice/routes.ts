import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { BackofficeService } from './backoffice-service';

/**
 * The console's Dashboard and Players calls: an operator's token for the request's site, the roles
 * named here besides the owner (README.md), every query on the operator's own domain.
 */
export async function backofficeRoutes(app: FastifyInstance, opts: { backoffice: BackofficeService }) {
  const { backoffice } = opts;
  defineRoute(app, routes.adminDashboard, ({ operator }) => backoffice.dashboard(operator.domainId), {
    roles: ['finance', 'trader', 'support'],
  });
  defineRoute(
    app,
    routes.adminPlayers,
    ({ query, operator }) => backoffice.players(operator.domainId, query),
    {
      roles: ['finance', 'support'],
    },
  );
  defineRoute(
    app,
    routes.adminPlayerDetail,
    ({ query, operator }) => backoffice.player(operator.domainId, query.userId),
    { roles: ['finance', 'support'] },
  );
  defineRoute(
    app,
    routes.adminLockPlayer,
    ({ body, operator, audit }) => backoffice.lock(operator.domainId, body, audit),
    { roles: ['support'] },
  );
}
