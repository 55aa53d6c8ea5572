import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { GatewayService } from './gateway-service';
import { paymentWebhookPath } from './payment-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { sandboxRoutes } from './sandbox/sandbox-routes';

/** Largest notice body taken from a provider. */
const NOTICE_BODY_LIMIT = 64 * 1024;

/**
 * Gateway deposits: the player's Generate and Check, the provider's signed notices (webhook), and,
 * when the provider is the sandbox (never in production), the sandbox's own pages.
 */
export async function gatewayRoutes(app: FastifyInstance, opts: { gateway: GatewayService }) {
  const { gateway } = opts;
  defineRoute(app, routes.paymentGenerate, ({ body, user }) => gateway.generate(user, body.amount), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  // The client polls Check while the player pays.
  defineRoute(app, routes.paymentCheck, ({ body, user }) => gateway.check(user, body.orderId), {
    rateLimit: { max: 120, timeWindow: '1 minute' },
  });

  const provider = gateway.provider;
  if (!provider) return;

  // The notice is judged by its signature over the bytes as sent: this route alone reads the raw body.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTICE_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(paymentWebhookPath(provider.name), async (req) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await gateway.receiveNotice(req.headers, body);
      return { success: true, result: { orderId: result.orderId, status: result.status }, error: null };
    });
  });

  if (provider instanceof SandboxProvider) {
    // The sandbox tells us as a provider does, by an HTTP POST to our webhook: to the address this
    // server listens on, or, before it listens (tests drive it through inject), through the same
    // router in process. Either way the notice passes the webhook's signature check.
    provider.setDelivery(async ({ path, headers, body }) => {
      const address = app.server.listening ? app.server.address() : null;
      if (address && typeof address === 'object') {
        const host =
          address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address === '::'
              ? '[::1]'
              : address.family === 'IPv6'
                ? `[${address.address}]`
                : address.address;
        const res = await fetch(`http://${host}:${address.port}${path}`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        return { status: res.status };
      }
      const res = await app.inject({ method: 'POST', url: path, headers, payload: body });
      return { status: res.statusCode };
    });
    await app.register(sandboxRoutes, { sandbox: provider });
  }
}
