import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { BonusService } from './bonus-service';

/** The player's bonus calls (Bonus/GetBonuses, Bonus/Claim). */
export async function bonusRoutes(app: FastifyInstance, opts: { bonuses: BonusService }) {
  const { bonuses } = opts;
  defineRoute(app, routes.getBonuses, ({ user }) => bonuses.list(user));
  defineRoute(app, routes.claimBonus, ({ user, query }) => bonuses.claim(user, query.id));
}

/** The site's bonus catalogue: finance reads it, the owner alone adds and replaces bonuses (audited). */
export async function bonusOperatorRoutes(app: FastifyInstance, opts: { bonuses: BonusService }) {
  const { bonuses } = opts;
  defineRoute(app, routes.adminBonuses, ({ operator }) => bonuses.operatorList(operator.domainId), {
    roles: ['finance'],
  });
  defineRoute(app, routes.adminCreateBonus, ({ body, operator, audit }) =>
    bonuses.create(operator.domainId, body, audit),
  );
  defineRoute(app, routes.adminUpdateBonus, ({ body, operator, audit }) =>
    bonuses.update(operator.domainId, body, audit),
  );
}
