import type { LoginLinkIssueResult } from '@backlay/contract';
import type { FastifyRequest } from 'fastify';
import type { LoginLinkService } from '../account';

/** Who issues links until operator accounts exist: whoever holds the operator key. */
const ISSUED_BY = 'operator-key';

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
 * Host picks the site, as for every call). The issue is logged: who, for whom, until when.
 */
export async function issueLoginLink(
  loginLinks: LoginLinkService,
  input: { userName: string; expiresInMinutes: number },
  req: FastifyRequest,
): Promise<LoginLinkIssueResult> {
  const { userId, ...link } = await loginLinks.issue(req.domain, input, {
    origin: siteOrigin(req),
    ip: req.ip,
    issuedBy: ISSUED_BY,
  });
  req.log.info(
    { issuedBy: ISSUED_BY, domainId: req.domain.id, userId, expiresAt: link.expiresAt },
    'sign-in link issued',
  );
  return link;
}
