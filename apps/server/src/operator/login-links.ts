import type { LoginLinkIssueResult } from '@backlay/contract';
import type { FastifyRequest } from 'fastify';
import type { LoginLinkService } from '../account';
import type { Executor } from '../platform/db/database';
import type { AuthOperator, OperatorAction } from '../platform/http/auth-user';
import { siteOrigin } from '../platform/http/site-origin';

/**
 * An operator asks for a one-time sign-in link for a player of the request's site (its Origin or
 * Host picks the site, as for every call). The issue is logged and audited: who, for whom, until when.
 */
export async function issueLoginLink(
  loginLinks: LoginLinkService,
  input: { userName: string; expiresInMinutes: number },
  req: FastifyRequest,
  operator: AuthOperator,
  audit: (executor: Executor, action: OperatorAction) => Promise<void>,
): Promise<LoginLinkIssueResult> {
  const issuedBy = operator.userName;
  const { userId, ...link } = await loginLinks.issue(
    req.domain,
    input,
    { origin: siteOrigin(req), ip: req.ip, issuedBy },
    (tx, issued) =>
      audit(tx, {
        action: 'player.issue_login_link',
        target: `player:${issued.userId}`,
        before: null,
        after: { userName: input.userName, expiresAt: issued.expiresAt.toISOString() },
      }),
  );
  req.log.info(
    { issuedBy, domainId: req.domain.id, userId, expiresAt: link.expiresAt },
    'sign-in link issued',
  );
  return link;
}
