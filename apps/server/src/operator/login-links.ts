import type { LoginLinkIssueResult } from '@backlay/contract';
import type { FastifyRequest } from 'fastify';
import type { LoginLinkService } from '../account';
import type { Executor } from '../platform/db/database';
import type { AuthOperator, OperatorAction } from '../platform/http/auth-user';

/**
 * The site's address the link opens: the Origin the call came from (the request's domain was
 * resolved from it), else this request's own scheme and host.
 */
function siteOrigin(req: FastifyRequest): string {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).origin;
    } catch {
      // Not an address: fall back to the Host the request was sent to.
    }
  }
  const own = `${req.protocol}://${req.host}`;
  try {
    // As a browser writes its own origin (no default port), which the exchange's redirect_uri repeats.
    return new URL(own).origin;
  } catch {
    return own;
  }
}

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
