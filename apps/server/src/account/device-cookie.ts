import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser's device id: a random value the server hands out in an HttpOnly cookie on the sign-in
 * calls. Sign-in limits count failures per account and device, and a device that has signed in to
 * an account before keeps signing in to it while strangers elsewhere guess its password. A client
 * can send any value, but only the owner's browser holds the one that signed in.
 */
export const DEVICE_COOKIE = 'backlay_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The device id the request's cookie carries, or null when it carries none (or a malformed one). */
export function readDeviceId(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (DEVICE_ID.test(value)) return value;
  }
  return null;
}

/** The request's device id; a browser without one gets a new one in a cookie with this answer. */
export function deviceIdFor(req: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const known = readDeviceId(req);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  const attributes = ['Path=/', `Max-Age=${ONE_YEAR_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  void reply.header('set-cookie', [`${DEVICE_COOKIE}=${id}`, ...attributes].join('; '));
  return id;
}
