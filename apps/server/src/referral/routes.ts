import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import { siteOrigin } from '../platform/http/site-origin';
import type { ReferralService } from './referral-service';

/** The players' referral calls and the operators' programme and review. */
export async function referralRoutes(app: FastifyInstance, opts: { referrals: ReferralService }) {
  const { referrals } = opts;
  defineRoute(app, routes.getReferrerCode, ({ user, req }) =>
    referrals.referrerCode(user.userId, siteOrigin(req)),
  );
  defineRoute(app, routes.getReferralDetails, ({ user, body }) => referrals.details(user, body));
  defineRoute(
    app,
    routes.claimReferral,
    ({ user, query }) => referrals.claim(user, query.userReferDetailId),
    {
      rateLimit: { max: 30, timeWindow: '1 minute' },
    },
  );

  // The programme: finance reads it, the owner alone replaces it (audited).
  defineRoute(app, routes.adminReferralSettings, ({ operator }) => referrals.settings(operator.domainId), {
    roles: ['finance'],
  });
  defineRoute(app, routes.adminUpdateReferralSettings, ({ body, operator, audit }) =>
    referrals.replaceSettings(operator.domainId, body, audit),
  );
  // The review: support sees the flags, finance (and the owner) decide.
  defineRoute(
    app,
    routes.adminReferrals,
    ({ query, operator }) => referrals.operatorList(operator.domainId, query),
    { roles: ['finance', 'support'] },
  );
  defineRoute(
    app,
    routes.adminDecideReferral,
    ({ body, operator, audit }) => referrals.decide(operator.domainId, body, operator.userName, audit),
    { roles: ['finance'] },
  );
}
