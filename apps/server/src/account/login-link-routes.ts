import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import { clientInfo } from './client-info';
import { deviceIdFor } from './device-cookie';
import type { LoginLinkService } from './login-link-service';

/**
 * Section 7's `POST /api/v1/token/token`: a sign-in link's one-time code for the normal tokens.
 * Limited per address like the other calls that guess secrets.
 */
export async function loginLinkRoutes(app: FastifyInstance, opts: { loginLinks: LoginLinkService }) {
  defineRoute(
    app,
    routes.tokenExchange,
    ({ body, req, reply }) =>
      // Like the other sign-ins, the browser keeps a device id: its later sign-ins count as known.
      opts.loginLinks.exchange(req.domain, body, {
        ...clientInfo(req),
        deviceId: deviceIdFor(req, reply, app.config.isProduction),
      }),
    { rateLimit: { max: 10, timeWindow: 60_000 } },
  );
}
