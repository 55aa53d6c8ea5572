import { buildOpenApiDocument, HUB_PATH, userBalancePush } from '@backlay/contract';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AccountService, accountRoutes, LoginLinkService, loginLinkRoutes, SessionService } from './account';
import { authPlugin, SessionRevocations, TokenService } from './auth';
import { backofficePlugin } from './backoffice';
import { bettingPlugin } from './betting';
import { bonusPlugin, BonusService } from './bonus';
import {
  CasinoCatalogue,
  casinoPlugin,
  casinoProviders,
  playableGames,
  type CasinoProvider,
  type CasinoProviderId,
} from './casino';
import type { Config } from './config';
import { bodyParsers } from './platform/http/body-parsers';
import { securityHeaders } from './platform/http/security-headers';
import { Ledger, WalletNotifier } from './ledger';
import {
  CashierService,
  cashierOperatorRoutes,
  cashierRoutes,
  DepositSlipReader,
  OcrPool,
  ocrRoutes,
} from './money';
import { GatewayService, gatewayRoutes, paymentProviderFromConfig } from './money';
import {
  OperatorAuditTrail,
  operatorAuthPlugin,
  operatorRoutes,
  OperatorService,
  OperatorTokens,
  TotpSealer,
  WalletAdjustments,
} from './operator';
import { DomainEvents } from './platform/events/domain-events';
import { createInProcessBus, createRedisBus, type Bus } from './platform/bus';
import type { Database, Db } from './platform/db/database';
import { AppError } from './platform/http/app-error';
import { clientErrorHandler } from './platform/http/client-errors';
import { errorsPlugin, frameworkErrors } from './platform/http/errors-plugin';
import { registerOperatorConsole } from './platform/http/operator-console';
import { registerWebClient } from './platform/http/web-client';
import { requestGuard } from './platform/http/request-guard';
import { fastifyLogging, resolveLogFormat, type LogSink } from './platform/log/logger';
import { OutboxSmsSender, type SmsSender } from './platform/sms/sms-sender';
import { realtimeHub } from './realtime';
import { referralPlugin } from './referral';
import { responsibleGamingPlugin } from './responsible-gaming';
import {
  DomainResolver,
  domainsPlugin,
  listDomainHosts,
  normaliseHost,
  settingsForRequest,
  settingsRoutes,
} from './settings';
import { firstScreen } from './first-screen';
import {
  MarketClosures,
  MarketStore,
  SportsService,
  sportsRoutes,
  type FeedRole,
  type MarketFeed,
} from './sports';
import { statementPlugin } from './statement';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    bus: Bus;
    config: Config;
    tokens: TokenService;
    /** Sign-in sessions revoked while their access tokens may still be unexpired, on every server. */
    sessionRevocations: SessionRevocations;
    walletNotifier: WalletNotifier;
    /** The only writer of money: journals, exposure, holds; pushes balances after commit. */
    ledger: Ledger;
    /** Facts about money published after commit (bet settled, wallet changed, deposit credited). */
    domainEvents: DomainEvents;
    /** The market feed, or null when the server runs without one. */
    feed: MarketFeed | null;
    /** Whether this process owns the feed: it pushes odds and settles markets. */
    feedOwner: boolean;
    /** Event, market and runner rows for bets and settlement. */
    marketStore: MarketStore;
    /** Markets closed by hand, which no server offers any more. */
    marketClosures: MarketClosures;
    sports: SportsService | null;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** The SMS gateway; defaults to the development outbox. */
  sms?: SmsSender;
  /** The message bus; defaults to Redis when REDIS_URL is set, else in process. */
  bus?: Bus;
  /** The market feed (the simulator in `main.ts`); without one the sports calls list nothing. */
  feed?: MarketFeed;
  /**
   * This process's part in the feed: the owner ('both', the default) pushes odds to the hub and
   * settles closed markets; a 'consumer' mirrors the owner's feed and only serves reads.
   */
  feedRole?: FeedRole;
  /** Where log lines go (tests read them); process.stdout by default. */
  logSink?: LogSink;
  /** The casino providers whose lists the lobby shows; by default each configured host over HTTP. */
  casinoProviders?: Partial<Record<CasinoProviderId, CasinoProvider>>;
}

/** The tree's form of a casino game (the sport tree's `games`). */
const gameSummaries = (
  games: { id: string; name: string; provider: string; category: string; imageURL: string }[],
) => games.map(({ id, name, provider, category, imageURL }) => ({ id, name, provider, category, imageURL }));

/** How long the sport tree waits for the casino providers' lists before answering without the slow ones. */
const TREE_GAMES_WAIT_MS = 500;

/** The app factory: everything but listening, so tests drive it through inject(). */
export async function buildApp({
  config,
  database,
  sms,
  bus: givenBus,
  feed,
  feedRole = 'both',
  logSink,
  casinoProviders: givenCasinoProviders,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Quiet, one line per request at most; readable on a terminal, JSON when asked (LOG_FORMAT).
    ...fastifyLogging({
      level: config.LOG_LEVEL,
      format: resolveLogFormat(config.LOG_FORMAT, logSink ? false : process.stdout.isTTY === true),
      sink: logSink,
      color: !logSink && process.stdout.isTTY === true && !process.env.NO_COLOR,
    }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // Idle keep-alive sockets must not hold up a shutdown or a test's close().
    forceCloseConnections: true,
    // What Node's HTTP parser or the router refuses (a 20 KB address, broken headers, a broken
    // percent-escape) answers the envelope too.
    clientErrorHandler,
    frameworkErrors,
  });
  const db = database.db;
  const walletNotifier = new WalletNotifier(db, (err, userId) =>
    app.log.error({ err, userId }, 'balance push failed'),
  );
  const domainEvents = new DomainEvents((err, event) =>
    app.log.error({ err, event: event.type }, 'a domain event listener failed'),
  );
  const ledger = new Ledger(db, walletNotifier, domainEvents, app.log);
  const outbox = sms ? null : new OutboxSmsSender(db, (msg) => app.log.info(msg), config.jwtSecret);
  const smsSender = sms ?? (outbox as OutboxSmsSender);
  const resolver = new DomainResolver(db, !config.isProduction);

  const bus =
    givenBus ??
    (config.REDIS_URL
      ? createRedisBus(config.REDIS_URL, {
          prefix: config.REDIS_PREFIX,
          onHandlerError: (err, channel) => app.log.error({ err, channel }, 'bus handler failed'),
          onConnectionError: (err) => app.log.warn({ err }, 'redis bus connection error'),
        })
      : createInProcessBus({
          onHandlerError: (err, channel) => app.log.error({ err, channel }, 'bus handler failed'),
        }));
  if (!givenBus) app.addHook('onClose', () => bus.close());

  // Read before the first request is served: a server that starts refuses sessions revoked earlier.
  const sessionRevocations = new SessionRevocations(bus, db, app.log, {
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  await sessionRevocations.start();
  app.addHook('onClose', () => sessionRevocations.stop());
  const tokens = new TokenService(config.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS, sessionRevocations);

  app.decorate('db', db);
  app.decorate('bus', bus);
  app.decorate('config', config);
  app.decorate('tokens', tokens);
  app.decorate('sessionRevocations', sessionRevocations);
  app.decorate('walletNotifier', walletNotifier);
  app.decorate('ledger', ledger);
  app.decorate('domainEvents', domainEvents);
  app.decorate('feed', feed ?? null);
  const marketStore = new MarketStore(db);
  app.decorate('marketStore', marketStore);
  app.decorate('feedOwner', feedRole !== 'consumer');
  const marketClosures = new MarketClosures(bus, db, app.log);
  app.decorate('marketClosures', marketClosures);
  await marketClosures.start();
  app.addHook('onClose', () => marketClosures.stop());

  const casinoOrigins = [
    ...new Set(
      Object.values(config.casinoProviders).flatMap((p) => (p.host ? [new URL(p.host).origin] : [])),
    ),
  ];
  const catalogue = new CasinoCatalogue(givenCasinoProviders ?? casinoProviders(config));

  await app.register(errorsPlugin);
  // Bodyless calls under any content type, JSON only for bodies (platform/http/body-parsers.ts).
  await app.register(bodyParsers);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The casino providers' hosts: their tiles, their launch call and their games in the iframe
        // (in development our own games provider over plain HTTP).
        imgSrc: ["'self'", 'data:', 'https:', ...casinoOrigins],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:', ...casinoOrigins],
        frameSrc: ["'self'", 'https:', ...casinoOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Over plain HTTP (development, demo hosts) an upgrade would turn every asset into a dead https link.
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
  const extraOrigins = new Set(
    config.CORS_ORIGINS.split(',')
      .map((o: string) => o.trim())
      .filter(Boolean),
  );
  // The hub asks synchronously, so it reads a host list kept fresh in the background.
  let knownHosts = new Set(await listDomainHosts(db));
  const hostsTimer = setInterval(() => {
    listDomainHosts(db).then(
      (hosts) => {
        knownHosts = new Set(hosts);
      },
      () => undefined,
    );
  }, 30_000);
  hostsTimer.unref();
  app.addHook('onClose', async () => clearInterval(hostsTimer));
  const isOriginAllowedSync = (origin: string): boolean => {
    if (extraOrigins.has(origin)) return true;
    let host: string;
    try {
      host = normaliseHost(new URL(origin).host);
    } catch {
      return false;
    }
    if (!config.isProduction && (host === 'localhost' || host.startsWith('127.'))) return true;
    return knownHosts.has(host);
  };
  // One origin rule for the API and the hub: configured domains (refreshed every 30 s) and extras.
  await app.register(cors, {
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    origin: (origin, cb) => cb(null, !origin || isOriginAllowedSync(origin)),
  });
  const rateLimitRedis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
  if (rateLimitRedis) app.addHook('onClose', async () => void rateLimitRedis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: `${config.REDIS_PREFIX}rl:` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  // A NUL in the address or a header is refused before the domain lookup reads the Host.
  await app.register(requestGuard);
  await app.register(domainsPlugin, { resolver });
  await app.register(authPlugin, { tokens });
  // Operators' tokens (their own key and audience): where no player's token was found.
  const operatorTokens = new OperatorTokens(config.jwtSecret);
  const operatorAudit = new OperatorAuditTrail();
  await app.register(operatorAuthPlugin, { db, tokens: operatorTokens, audit: operatorAudit });

  // The API's documentation is for developers: off in production unless API_DOCS turns it on.
  // The document (every route's schemas as JSON Schema, 1.6 MB of JSON) is built when /docs first
  // asks for it, not at start: built at start it held 7.5 MB of an idle server's memory. The
  // swagger plugin is registered with its title only; swagger-ui's /docs/json and /docs/yaml answer
  // with the built document (transformSpecification), which is kept once built.
  if (config.apiDocs) {
    let document: ReturnType<typeof buildOpenApiDocument> | null = null;
    await app.register(swagger, {
      mode: 'static',
      specification: {
        document: { openapi: '3.1.0', info: { title: 'Backlay API', version: '1' }, paths: {} },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformSpecificationClone: false,
      transformSpecification: () => (document ??= buildOpenApiDocument()) as never,
    });
  }

  const sessions = new SessionService(db, ledger, tokens, config);
  const accounts = new AccountService(db, ledger, sessions, smsSender, config, sessionRevocations);
  await app.register(accountRoutes, { accounts, sessions, tokens, config, outbox });
  const loginLinks = new LoginLinkService(db, sessions, tokens, sessionRevocations);
  await app.register(loginLinkRoutes, { loginLinks });
  await app.register(responsibleGamingPlugin);
  await app.register(bettingPlugin);
  await app.register(statementPlugin);
  // Payment screenshots read by OCR in worker threads (OCR_WORKERS), started by the first one: the
  // player's upload (api/ocr/payment-slip) and, in the background, each manual deposit's screenshot
  // for the finance queue, which a sweep after start-up finishes for deposits left unread.
  const ocrPool = new OcrPool({
    workers: config.OCR_WORKERS,
    onError: (err) => app.log.warn({ err }, 'OCR worker failed; the pool restarts'),
  });
  const depositSlips = new DepositSlipReader(db, ocrPool, app.log);
  let closingSlips = false;
  let sweepingSlips: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    // Not awaited: start-up does not wait for the OCR.
    sweepingSlips = depositSlips
      .sweep(() => closingSlips)
      .then(
        (done) => {
          if (done.taken > 0) app.log.info(done, 'read the deposit screenshots left unread');
        },
        (err: unknown) => app.log.error({ err }, 'reading the deposit screenshots left unread failed'),
      );
  });
  app.addHook('onClose', async () => {
    closingSlips = true;
    const slipsDone = depositSlips.close(); // no retry from now on
    await ocrPool.close(); // a job under way fails now and stays pending for the next start
    await slipsDone;
    await sweepingSlips;
  });
  // Bonuses: the cashier asks the bonus feature before a withdrawal (BONUS_ACTIVE, or forfeit).
  const bonuses = new BonusService(db, ledger);
  await app.register(bonusPlugin, { bonuses });
  const cashier = new CashierService(db, ledger, bonuses.guard, depositSlips);
  await app.register(cashierRoutes, { cashier });
  // Gateway deposits through the payment provider PAYMENT_PROVIDER names (the sandbox outside production).
  const paymentProvider = paymentProviderFromConfig(config, db, app.log);
  await app.register(gatewayRoutes, { gateway: new GatewayService(db, ledger, paymentProvider, app.log) });
  // Payment screenshots read by OCR (no token): its worker threads start on the first upload.
  await app.register(ocrRoutes, { pool: ocrPool });
  // Operators' calls: an operator's token with a role that admits the call (or the bootstrap key).
  const operators = new OperatorService(db, operatorTokens, new TotpSealer(config.jwtSecret), operatorAudit);
  await app.register(operatorRoutes, { adjustments: new WalletAdjustments(ledger), loginLinks, operators });
  await app.register(cashierOperatorRoutes, { cashier });
  // Referrals: the programme, the qualification checks on deposits and settled bets, the sweep.
  await app.register(referralPlugin);
  // The casino's seamless wallet: the providers' signed balance, bet, win and rollback calls.
  await app.register(casinoPlugin, { catalogue });

  await app.register(realtimeHub, {
    path: HUB_PATH,
    bus,
    isOriginAllowed: isOriginAllowedSync,
    logger: app.log,
    authenticate: async (token) => {
      const verified = await tokens.verifyAccess(token);
      return verified.ok
        ? { userId: String(verified.claims.userId), sessionId: String(verified.claims.sessionId) }
        : null;
    },
  });
  // A revoked session's hub connections on this server end now; every server hears the revocation.
  const stopClosingSessions = sessionRevocations.onRevoked((sessionIds) => {
    const closed = app.hub.closeSessions(sessionIds.map(String), 'This session has been signed out.');
    if (closed > 0) app.log.info({ sessionIds, closed }, 'closed the hub connections of revoked sessions');
  });
  app.addHook('onClose', async () => {
    stopClosingSessions();
  });
  walletNotifier.subscribe((userId, data) => {
    // A push that finds the bus gone (a push held back until after shutdown) is dropped, not thrown.
    app.hub.sendToUser(String(userId), userBalancePush(data)).catch((err: unknown) => {
      app.log.warn({ err, userId }, 'balance push not delivered');
    });
  });
  // Every (re)registration of a player's connection gets the balance and exposure as they are now:
  // a client back after a restart or an outage holds figures from before it.
  app.hub.onClientRegistered(async ({ connectionId, userId }) => {
    const id = Number(userId);
    if (userId === null || !Number.isSafeInteger(id)) return;
    const current = await walletNotifier.current(id);
    if (current) await app.hub.sendToConnection(connectionId, userBalancePush(current));
  });

  const sports = feed
    ? new SportsService(feed, marketStore, app.hub, app.log, marketClosures, app.feedOwner)
    : null;
  app.decorate('sports', sports);
  if (sports) {
    sports.start();
    app.addHook('onClose', async () => sports.stop());
  }
  await app.register(settingsRoutes, {
    sportTree: () => sports?.tree() ?? [],
    bonuses: (domainId) => bonuses.visible(domainId),
    games: async (domainId) =>
      gameSummaries(await playableGames(db, domainId, await catalogue.everyGame(TREE_GAMES_WAIT_MS))),
  });
  await app.register(sportsRoutes, { sports });
  await app.register(backofficePlugin);

  // A page's first screen comes inside its HTML (first-screen.ts): the settings and the sport tree.
  // The operators' console at /operator/, before the players' client takes every other page.
  await registerOperatorConsole(app, config.OPERATOR_DIST);
  await registerWebClient(app, config.WEB_DIST, {
    firstScreen: async (req, path) =>
      firstScreen(path, {
        setting: settingsForRequest(req.domain.settings, req),
        events: sports?.tree() ?? [],
        bonuses: await bonuses.visible(req.domain.id),
        // The lists already at hand (the page is not held up for a provider): the Casino tab is
        // drawn with the first screen instead of appearing a moment later.
        games: req.domain.settings.casino
          ? gameSummaries(await playableGames(db, req.domain.id, await catalogue.everyGame(0)))
          : [],
      }),
  });
  return app;
}

/** Fastify's trustProxy from TRUST_PROXY: a number of hops becomes "trust the first n hops". */
function trustedProxies(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_addr, hop) => hop < setting;
  return setting;
}
