import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ClientConnection } from './connection';
import type { SignalRHub } from './hub';
import { LongPollingTransport, ServerSentEventsTransport, WebSocketTransport } from './transports';
import type { Authenticate, HubIdentity, HubLogger } from './types';

/** Why an HTTP request of the transports was refused; the application words the body. */
export type HubHttpErrorCode =
  'BAD_REQUEST' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'DUPLICATE_REQUEST' | 'PAYLOAD_TOO_LARGE';

export interface SignalRHttpOptions {
  /** Where the hub lives, e.g. '/notify'; negotiate is at `${path}/negotiate`. */
  path: string;
  authenticate: Authenticate;
  /** Cross-origin callers whose Origin is echoed back (with credentials allowed). */
  isOriginAllowed(origin: string): boolean;
  logger: HubLogger;
  maxMessageBytes: number;
  longPollTimeoutMs: number;
  /** The JSON body of a refused request; a message is given where the default would not say enough. */
  errorBody(code: HubHttpErrorCode, message: string | undefined): unknown;
}

const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];
/** The transports as negotiate's answer carries them, serialised once. */
const AVAILABLE_TRANSPORTS_JSON = JSON.stringify(AVAILABLE_TRANSPORTS);

/**
 * Negotiate's answer. Connection ids and tokens are base64url (nothing in them to escape), so the
 * JSON is written out rather than built as an object and serialised on every negotiate.
 */
function negotiateAnswer(conn: ClientConnection, negotiateVersion: number, stateful: boolean): string {
  return (
    `{"connectionId":"${conn.id}","negotiateVersion":${negotiateVersion},` +
    `"availableTransports":${AVAILABLE_TRANSPORTS_JSON}` +
    (negotiateVersion >= 1 ? `,"connectionToken":"${conn.token}"` : '') +
    (stateful ? ',"useStatefulReconnect":true' : '') +
    '}'
  );
}

const PREFLIGHT_HEADERS = 'Authorization, Content-Type, X-Requested-With, X-SignalR-User-Agent';

/** Browsers put the token in the query on WebSocket and SSE; everything else uses the header. */
function tokenOf(req: IncomingMessage, query: URLSearchParams): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  return query.get('access_token') || null;
}

function queryOf(req: IncomingMessage): URLSearchParams {
  const raw = req.url ?? '';
  const at = raw.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : raw.slice(at + 1));
}

function pathOf(req: IncomingMessage): string {
  const raw = req.url ?? '';
  const at = raw.indexOf('?');
  return at < 0 ? raw : raw.slice(0, at);
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The transports of the SignalR protocol on a Fastify instance: negotiate, the WebSocket
 * upgrade, Server-Sent Events, long polling, POST sends, DELETE, CORS, and shutdown. Stops the
 * hub before the server closes.
 */
export async function registerSignalRHttp<S>(
  fastify: FastifyInstance,
  hub: SignalRHub<S>,
  options: SignalRHttpOptions,
): Promise<void> {
  const path = options.path.replace(/\/+$/, '') || '/';
  const { maxMessageBytes, longPollTimeoutMs, logger } = options;

  // Sockets refused right after their upgrade, still closing: shutdown ends them with the others.
  const refused = new Set<WebSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes * 4,
    clientTracking: false,
    WebSocket: WebSocketTransport,
  });

  function originAllowed(origin: string | undefined): boolean {
    return origin === undefined || options.isOriginAllowed(origin);
  }

  function corsHeaders(origin: string | undefined): Record<string, string> {
    if (origin === undefined || !options.isOriginAllowed(origin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    };
  }

  type Identity = { ok: true; who: HubIdentity | null } | { ok: false; status: 401 | 503 };

  async function identify(token: string | null): Promise<Identity> {
    if (token === null) return { ok: true, who: null };
    try {
      const identity = await options.authenticate(token);
      return identity ? { ok: true, who: identity } : { ok: false, status: 401 };
    } catch (error) {
      logger.error({ err: error }, 'hub: authenticate failed');
      return { ok: false, status: 503 };
    }
  }

  /** Checks the token a follow-up request carries against the connection's user. */
  async function authorize(conn: ClientConnection, token: string | null): Promise<200 | 401 | 403 | 503> {
    const identity = await identify(token);
    if (!identity.ok) return identity.status;
    if (identity.who === null) return 200;
    return (await hub.adoptUser(conn, identity.who)) ? 200 : 403;
  }

  function fail(reply: FastifyReply, status: number, code: HubHttpErrorCode, message?: string) {
    return reply.code(status).send(options.errorBody(code, message));
  }

  // ----- WebSockets -----

  // One listener of each kind for every socket, so a connection holds no function of its own.
  function onSocketMessage(this: WebSocket, data: RawData): void {
    const transport = this as WebSocketTransport;
    if (transport.conn) hub.receive(transport.conn, textOf(data));
    transport.releaseReceiveQueue();
  }

  function onSocketClose(this: WebSocket): void {
    refused.delete(this);
    const transport = this as WebSocketTransport;
    if (transport.conn) hub.transportClosed(transport.conn, transport);
  }

  function onSocketError(this: WebSocket, error: Error): void {
    const { conn } = this as WebSocketTransport;
    logger.debug({ err: error, connectionId: conn?.id }, 'hub: WebSocket error');
  }

  function onStuck(transport: WebSocketTransport): void {
    logger.warn({ connectionId: transport.conn?.id }, 'hub: WebSocket reader is stuck, dropping it');
  }

  function onUpgradeSocketError(error: Error): void {
    logger.debug({ err: error }, 'hub: socket error during upgrade');
  }

  function acceptWebSocket(conn: ClientConnection, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    wss.handleUpgrade(req, socket, head, (ws) => {
      // ws listens for socket errors itself from here on.
      socket.off('error', onUpgradeSocketError);
      ws.on('close', onSocketClose);
      ws.on('error', onSocketError);
      if (conn.state === 'closed' || hub.isStopping) {
        refused.add(ws);
        ws.close(1001);
        return;
      }
      ws.conn = conn;
      ws.onStuck = onStuck;
      ws.on('message', onSocketMessage);
      hub.attach(conn, ws);
    });
  }

  const upgradePath = path.toLowerCase();

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // Matched like the app's routes: without regard to case or a trailing slash.
    if ((pathOf(req).replace(/\/+$/, '') || '/').toLowerCase() !== upgradePath) return;
    socket.on('error', onUpgradeSocketError);
    if (hub.isStopping) return rejectUpgrade(socket, 503, 'Service Unavailable');
    if (!originAllowed(req.headers.origin)) return rejectUpgrade(socket, 403, 'Forbidden');
    const query = queryOf(req);
    const identity = await identify(tokenOf(req, query));
    if (!identity.ok) {
      return rejectUpgrade(
        socket,
        identity.status,
        identity.status === 401 ? 'Unauthorized' : 'Service Unavailable',
      );
    }
    const id = query.get('id');
    if (id === null) {
      // No negotiate (skipNegotiation): the socket starts a connection of its own.
      acceptWebSocket(hub.createConnection(identity.who, false, 1), req, socket, head);
      return;
    }
    const conn = hub.findByToken(id);
    if (!conn || conn.state === 'closed') return rejectUpgrade(socket, 404, 'Not Found');
    if (conn.transportKind !== null && conn.transportKind !== 'WebSockets') {
      return rejectUpgrade(socket, 400, 'Bad Request');
    }
    // A second socket is a conflict unless stateful reconnect lets it take over.
    if (conn.state === 'active' && !conn.stateful) return rejectUpgrade(socket, 409, 'Conflict');
    if (identity.who !== null && !(await hub.adoptUser(conn, identity.who))) {
      return rejectUpgrade(socket, 403, 'Forbidden');
    }
    if (conn.closed) return rejectUpgrade(socket, 404, 'Not Found');
    acceptWebSocket(conn, req, socket, head);
  }

  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(req, socket, head).catch((error: unknown) => {
      logger.error({ err: error }, 'hub: upgrade failed');
      rejectUpgrade(socket, 500, 'Internal Server Error');
    });
  };
  fastify.server.on('upgrade', upgradeListener);

  // ----- HTTP routes, in their own scope so the text body parser stays here -----

  // Hub requests log at warn and above only: long polls would flood the request log, and SSE
  // and poll URLs carry the access token in their query.
  await fastify.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: maxMessageBytes * 4 },
        (_req, body, done) => {
          done(null, body);
        },
      );

      scope.addHook('onRequest', async (request, reply) => {
        const origin = request.headers.origin;
        if (!originAllowed(origin)) return fail(reply, 403, 'FORBIDDEN', 'This origin may not use the hub.');
        reply.headers(corsHeaders(origin));
        if (hub.isStopping && request.method !== 'OPTIONS') {
          return fail(reply, 503, 'BAD_REQUEST', 'The server is shutting down.');
        }
      });

      const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
        const requested = request.headers['access-control-request-headers'];
        reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
          .header(
            'access-control-allow-headers',
            typeof requested === 'string' ? requested : PREFLIGHT_HEADERS,
          )
          .header('access-control-max-age', '600');
        return reply.send();
      };
      scope.options(path, preflight);
      scope.options(`${path}/negotiate`, preflight);

      scope.post(`${path}/negotiate`, async (request, reply) => {
        const query = queryOf(request.raw);
        const requested = query.get('negotiateVersion');
        const version = requested === null ? 0 : Number(requested);
        if (!Number.isInteger(version) || version < 0) {
          return fail(reply, 400, 'BAD_REQUEST', 'negotiateVersion must be a non-negative integer.');
        }
        const identity = await identify(tokenOf(request.raw, query));
        if (!identity.ok) {
          return identity.status === 401
            ? fail(reply, 401, 'UNAUTHENTICATED')
            : fail(reply, 503, 'BAD_REQUEST', 'Authentication is unavailable.');
        }
        const stateful = query.get('useStatefulReconnect') === 'true';
        const negotiateVersion = Math.min(version, 1);
        const conn = hub.createConnection(identity.who, stateful, negotiateVersion);
        return reply
          .code(200)
          .header('content-type', 'application/json; charset=utf-8')
          .send(negotiateAnswer(conn, negotiateVersion, stateful));
      });

      function connectionOf(request: FastifyRequest, reply: FastifyReply): ClientConnection | null {
        const id = queryOf(request.raw).get('id');
        if (!id) {
          void fail(reply, 400, 'BAD_REQUEST', 'The id query parameter is required.');
          return null;
        }
        const conn = hub.findByToken(id);
        if (!conn) {
          void fail(reply, 404, 'NOT_FOUND', 'No connection with this id.');
          return null;
        }
        return conn;
      }

      async function authorized(
        conn: ClientConnection,
        request: FastifyRequest,
        reply: FastifyReply,
      ): Promise<boolean> {
        const status = await authorize(conn, tokenOf(request.raw, queryOf(request.raw)));
        if (status === 200) return true;
        if (status === 401) void fail(reply, 401, 'UNAUTHENTICATED');
        else if (status === 403) void fail(reply, 403, 'FORBIDDEN', 'The token belongs to another user.');
        else void fail(reply, 503, 'BAD_REQUEST', 'Authentication is unavailable.');
        return false;
      }

      scope.get(path, async (request, reply) => {
        const conn = connectionOf(request, reply);
        if (!conn) return reply;
        const accept = request.headers.accept ?? '';
        const wantsEvents = accept.includes('text/event-stream');
        if (conn.state === 'closed') {
          // A long poll may still collect the Close frame; anything else is gone.
          if (conn.transport instanceof LongPollingTransport && !wantsEvents) {
            return answerPoll(conn.transport, reply);
          }
          return fail(reply, 404, 'NOT_FOUND', 'No connection with this id.');
        }
        const kind = wantsEvents ? 'ServerSentEvents' : 'LongPolling';
        if (conn.transportKind !== null && conn.transportKind !== kind) {
          return fail(reply, 400, 'BAD_REQUEST', 'Cannot change transports mid-connection.');
        }
        if (!(await authorized(conn, request, reply))) return reply;
        if (wantsEvents) {
          if (conn.state !== 'new')
            return fail(reply, 409, 'DUPLICATE_REQUEST', 'An event stream is already open.');
          reply.hijack();
          const response = reply.raw;
          response.writeHead(200, {
            ...corsHeaders(request.headers.origin),
            'content-type': 'text/event-stream',
            'cache-control': 'no-cache',
            'x-accel-buffering': 'no',
            connection: 'keep-alive',
          });
          request.raw.socket.setNoDelay(true);
          // A comment line flushes the headers through proxies so the client sees the stream open.
          response.write(':\r\n\r\n');
          const transport = new ServerSentEventsTransport(response);
          response.on('close', () => hub.transportClosed(conn, transport));
          hub.attach(conn, transport);
          return reply;
        }
        if (conn.state === 'new') {
          // The first poll only establishes the transport.
          hub.attach(conn, new LongPollingTransport(longPollTimeoutMs, hub.now));
          return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send('');
        }
        const transport = conn.transport;
        if (!(transport instanceof LongPollingTransport)) {
          return fail(reply, 400, 'BAD_REQUEST', 'Cannot change transports mid-connection.');
        }
        return answerPoll(transport, reply);
      });

      async function answerPoll(transport: LongPollingTransport, reply: FastifyReply) {
        let answered = false;
        reply.raw.once('close', () => {
          if (!answered) transport.abandonPoll();
        });
        const outcome = await transport.poll();
        answered = true;
        if (outcome.status === 204) return reply.code(204).send();
        return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send(outcome.body);
      }

      scope.post(
        path,
        {
          errorHandler: (error, request, reply) => {
            const status = (error as { statusCode?: number }).statusCode ?? 500;
            if (status === 413) {
              const id = queryOf(request.raw).get('id');
              const conn = id ? hub.findByToken(id) : undefined;
              if (conn) hub.close(conn, { error: `Message exceeds the maximum of ${maxMessageBytes} bytes` });
              return fail(reply, 413, 'PAYLOAD_TOO_LARGE');
            }
            if (status >= 500) logger.error({ err: error }, 'hub: send failed');
            return fail(reply, status, 'BAD_REQUEST', status >= 500 ? 'Internal error.' : error.message);
          },
        },
        async (request, reply) => {
          const conn = connectionOf(request, reply);
          if (!conn) return reply;
          if (conn.state === 'closed') return fail(reply, 404, 'NOT_FOUND', 'No connection with this id.');
          if (conn.transportKind === 'WebSockets') {
            return fail(
              reply,
              405,
              'BAD_REQUEST',
              'POST requests are not allowed for WebSocket connections.',
            );
          }
          if (conn.state !== 'active')
            return fail(reply, 400, 'BAD_REQUEST', 'No transport is connected yet.');
          if (!(await authorized(conn, request, reply))) return reply;
          const body = typeof request.body === 'string' ? request.body : '';
          hub.receive(conn, body);
          if (conn.closed) return fail(reply, 400, 'BAD_REQUEST', 'The payload broke the protocol.');
          return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send('');
        },
      );

      scope.delete(path, async (request, reply) => {
        const conn = connectionOf(request, reply);
        if (!conn) return reply;
        if (conn.transportKind !== 'LongPolling') {
          return fail(reply, 400, 'BAD_REQUEST', 'Only long polling connections end with DELETE.');
        }
        if (!(await authorized(conn, request, reply))) return reply;
        hub.close(conn, { notify: false });
        return reply.code(202).header('content-type', 'text/plain; charset=utf-8').send('');
      });
    },
    { logLevel: 'warn' },
  );

  // preClose runs before the HTTP server stops accepting and waits for open requests, so the
  // long-lived WebSockets, event streams and polls must end here or shutdown would hang.
  fastify.addHook('preClose', async () => {
    fastify.server.off('upgrade', upgradeListener);
    const open = [...refused];
    for (const conn of hub.connections()) {
      if (conn.transport instanceof WebSocketTransport) open.push(conn.transport);
    }
    await hub.stop();
    await Promise.race([
      Promise.all(
        open.map(
          (ws) =>
            new Promise<void>((resolve) =>
              ws.readyState === ws.CLOSED ? resolve() : ws.once('close', () => resolve()),
            ),
        ),
      ),
      new Promise<void>((resolve) => setTimeout(resolve, 1500).unref()),
    ]);
    for (const ws of open) ws.terminate();
  });
  fastify.addHook('onClose', async () => {
    await hub.stop();
    wss.close();
  });
}
