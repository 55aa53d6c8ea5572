// Backlay's own games provider over HTTP: five providers under /{provider}, each with its catalogue,
// its tables and its own signed wallet client; the game pages, the verification page and /health.
import type { ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { PROVIDERS, type ProviderId } from '../catalogue/catalogue';
import { bundleBrowser } from './bundle';
import { HttpError, sendError } from './http-errors';
import { registerLaunch } from './launch';
import { verifyPage } from './pages';
import { registerPlay } from './play';
import { ProviderRuntime } from './runtime';
import { Sessions } from './sessions';

export interface GamesServerOptions {
  /** Where players' browsers reach this process, e.g. `http://localhost:8090` (launch urls, images). */
  readonly publicUrl: string;
  /** The operator's API origin, where the seamless wallet answers, e.g. `http://localhost:8080`. */
  readonly walletUrl: string;
  /** Each provider's wallet secret (the operator's CASINO_<PROVIDER>_SECRET). */
  readonly secrets: Readonly<Record<ProviderId, string>>;
  /** A table round's betting countdown: 20 s by default. */
  readonly bettingMs?: number;
  /** How long a settled round's result shows before the next opens: 5 s by default. */
  readonly pauseMs?: number;
  /** Who may frame the pages (CSP frame-ancestors): any site by default. */
  readonly frameAncestors?: readonly string[];
  readonly logger?: FastifyServerOptions['logger'];
}

export interface GamesServer {
  readonly app: FastifyInstance;
  /** Stops the tables (each round in play settles first), ends the live pages, closes the server. */
  close(): Promise<void>;
}

const MAX_STREAMS = 5_000;
/** Paths any origin may call from a browser (the operator's lobby): the catalogue, the launch, art. */
const OPEN_PATH = /^\/[a-z]+\/(games|launch(\/[^/?]*)?|art\/[^/?]+)(\?|$)/;

export async function createGamesServer(options: GamesServerOptions): Promise<GamesServer> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const bundle = await bundleBrowser();
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  const sessions = new Sessions();
  const streams = new Set<ServerResponse>();
  const ancestors = (options.frameAncestors ?? ['*']).join(' ') || "'none'";
  const htmlHeaders = {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${ancestors}`,
    ].join('; '),
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };

  // An empty JSON body (king's launch may send the header with no body) reads as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'BAD_REQUEST', 'The body is not valid JSON'), undefined);
    }
  });
  await app.register(cors, {
    delegator: (req, callback) =>
      callback(
        null,
        OPEN_PATH.test(req.url ?? '')
          ? { origin: '*', methods: ['GET', 'POST'], maxAge: 600 }
          : { origin: false },
      ),
  });
  app.setErrorHandler((error, req, reply) => {
    if (error instanceof HttpError) return sendError(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return sendError(reply, new HttpError(status, 'BAD_REQUEST', (error as Error).message));
    req.log.error(error);
    return sendError(reply, new HttpError(500, 'INTERNAL', 'Something went wrong on the games provider'));
  });
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, new HttpError(404, 'NOT_FOUND', `No such path: ${req.method} ${req.url.split('?')[0]}`)),
  );

  app.get('/health', async () => ({ ok: true }));
  // Browsers ask for it on every page: no icon, and no 404 in their consoles.
  app.get('/favicon.ico', (_req, reply) =>
    reply.code(204).header('cache-control', 'public, max-age=86400').send(),
  );
  app.get('/verify', (_req, reply) =>
    reply.headers(htmlHeaders).type('text/html; charset=utf-8').send(verifyPage(bundle)),
  );
  app.get<{ Params: { name: string } }>('/assets/:name', (req, reply) => {
    const asset = bundle.files.get(req.params.name);
    if (!asset) return sendError(reply, new HttpError(404, 'NOT_FOUND', 'No such file'));
    return reply
      .type(asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(asset.body));
  });

  const runtimes = PROVIDERS.map(
    (provider) =>
      new ProviderRuntime({
        provider,
        walletUrl: options.walletUrl,
        secret: options.secrets[provider],
        bettingMs: options.bettingMs ?? 20_000,
        pauseMs: options.pauseMs ?? 5_000,
      }),
  );
  for (const runtime of runtimes) {
    registerLaunch(app, runtime, sessions, publicUrl);
    registerPlay({ app, runtime, sessions, bundle, htmlHeaders, streams, maxStreams: MAX_STREAMS });
  }
  for (const runtime of runtimes) runtime.start();

  let closing: Promise<void> | undefined;
  return {
    app,
    close() {
      closing ??= (async () => {
        await Promise.all(runtimes.map((r) => r.stop()));
        for (const res of streams) res.end();
        streams.clear();
        await app.close();
      })();
      return closing;
    },
  };
}
