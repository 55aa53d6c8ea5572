import type { FastifyRequest } from 'fastify';

/**
 * The player's site as the browser sees it, for links sent to players (a sign-in link, a referral
 * share link): the Origin the call came from (the request's domain was resolved from it), else the
 * request's own scheme and host, written as a browser writes an origin (no default port).
 */
export function siteOrigin(req: FastifyRequest): string {
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
    return new URL(own).origin;
  } catch {
    return own;
  }
}
