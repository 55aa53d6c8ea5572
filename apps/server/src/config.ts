import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CASINO_PROVIDERS, type CasinoProviderId } from '@backlay/contract';
import { z } from 'zod';
import { SERVER_ROOT } from './platform/server-root';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines) or `json` (pino's lines); default pretty on a terminal, else json. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * Retired: the shared operator key is no longer accepted anywhere (operators sign in; a site's
   * first owner is made with `npm run operator:create`). Read only to warn a deployment that still
   * sets it.
   */
  ADMIN_API_KEY: z.string().optional(),
  /** Secret for signing access tokens; generated into DATA_DIR on first start when absent. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).default(86_400),
  REMEMBERED_REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 86_400),
  /** The fixed code the client sends for domains whose verification is skipped. */
  SKIP_VERIFICATION_CODE: z
    .string()
    .regex(/^\d{6}$/)
    .default('000000'),
  /** Extra allowed CORS origins (comma separated); every configured domain host is allowed too. */
  CORS_ORIGINS: z.string().default(''),
  /**
   * Which X-Forwarded-For hops to believe: empty or false (none: the socket address is the
   * client), a number of proxy hops in front of the server (true means 1), or a comma-separated
   * list of the proxies' addresses or CIDR ranges. The client's address is then the right-most
   * hop not added by a trusted proxy: a client can write anything on the left and it is ignored.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): number | string[] | false => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false' || value === '0') return false;
      if (value === 'true') return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const proxies = value.split(',').map((p) => p.trim());
      if (proxies.some((p) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(p))) {
        ctx.addIssue({
          code: 'custom',
          message: 'a number of hops, or proxy addresses / CIDR ranges, comma separated',
        });
        return z.NEVER;
      }
      return proxies;
    }),
  /** The built web client; served with an index.html fallback when present. */
  WEB_DIST: z.string().default(resolve(SERVER_ROOT, '../web/dist')),
  /** The operators' console build (apps/operator), served at /operator/ when it exists. */
  OPERATOR_DIST: z.string().default(resolve(SERVER_ROOT, '../operator/dist')),
  /** Seed the demo domains (localhost and three demo sites); default on, except in production. */
  SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
  DEMO_ACCOUNT_TTL_HOURS: z.coerce.number().int().min(1).default(24),
  /** Demo sign-ins allowed per IP a minute (each makes an account); raised for browser test runs. */
  DEMO_LOGINS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(10),
  /**
   * Sign-ins allowed per IP a minute, and as many password changes (each its own count); raised for
   * browser test runs. The limits per account and browser still apply.
   */
  SIGN_INS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * Token checks and token renewals allowed per IP a minute (each its own count). Every signed-in
   * page load checks its token and every player renews one every few minutes, and on mobile networks
   * many players share one address (carrier-grade NAT): the sign-in's 20 would refuse them. The
   * tokens are signed or 256 random bits, so this limit stops floods; there is nothing to guess.
   */
  TOKEN_CALLS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(300),
  /** Sign-ups allowed per IP a minute; raised for browser test runs, which sign up from one address. */
  SIGN_UPS_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Mobile-code checks and resends allowed per IP a minute (each account has its own limits too). */
  CODES_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Serve the API's documentation at /docs (and /docs/json); default on, except in production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Namespace of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().default('backlay:'),
  /** How often the feed owner says on the bus that it is alive. */
  FEED_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** A server that has not heard the feed owner for this long suspends every market until it does. */
  FEED_STALE_AFTER_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  /**
   * The payment provider of gateway deposits (money/): `sandbox`, the development provider (never
   * in production, where gateway deposits are then unavailable until a real provider is configured).
   */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The secret the provider signs its notices (webhooks) with; generated into DATA_DIR outside production. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32).optional(),
  /**
   * Tesseract worker threads reading payment screenshots (money/ocr/); default one per core but
   * one (at least one), so the event loop keeps a core to itself.
   */
  OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Each casino provider's HMAC-SHA256 secret for the seamless-wallet calls it signs (casino/), and
   * the host its games launch from. Outside production a missing secret is generated into DATA_DIR
   * and a missing host is our own games provider; in production a provider without its secret is
   * off (its wallet calls answer CASINO_PROVIDER_UNAVAILABLE), never run on a made-up secret.
   */
  CASINO_INTERNATIONAL_SECRET: z.string().min(32).optional(),
  CASINO_DREAM_SECRET: z.string().min(32).optional(),
  CASINO_KING_SECRET: z.string().min(32).optional(),
  CASINO_MAC_SECRET: z.string().min(32).optional(),
  CASINO_UDAN_SECRET: z.string().min(32).optional(),
  CASINO_INTERNATIONAL_HOST: z.string().url().optional(),
  CASINO_DREAM_HOST: z.string().url().optional(),
  CASINO_KING_HOST: z.string().url().optional(),
  CASINO_MAC_HOST: z.string().url().optional(),
  CASINO_UDAN_HOST: z.string().url().optional(),
  /** Where our own games provider (apps/games) listens outside production: every provider's default host. */
  CASINO_DEV_GAMES_URL: z.string().url().default('http://localhost:8090'),
  // The market feed reads FEED_ROLE, FEED_SEED, FEED_TIME_SCALE, FEED_STEP_MS and
  // FEED_STILL_PRE_MATCH itself (sports/feed/run-feed.ts), validated the same way.
});

export type Config = z.infer<typeof EnvSchema> & {
  jwtSecret: string;
  seedDemoData: boolean;
  /** Whether /docs is served. */
  apiDocs: boolean;
  dataDir: string;
  isProduction: boolean;
  /** The payment provider's webhook secret; null in production when none is configured. */
  paymentWebhookSecret: string | null;
  /** Each casino provider's wallet secret and launch host; null in production when not configured. */
  casinoProviders: Record<CasinoProviderId, { secret: string | null; host: string | null }>;
};

const CASINO_ENV = {
  international: { secret: 'CASINO_INTERNATIONAL_SECRET', host: 'CASINO_INTERNATIONAL_HOST' },
  dream: { secret: 'CASINO_DREAM_SECRET', host: 'CASINO_DREAM_HOST' },
  king: { secret: 'CASINO_KING_SECRET', host: 'CASINO_KING_HOST' },
  mac: { secret: 'CASINO_MAC_SECRET', host: 'CASINO_MAC_HOST' },
  udan: { secret: 'CASINO_UDAN_SECRET', host: 'CASINO_UDAN_HOST' },
} as const satisfies Record<CasinoProviderId, { secret: keyof Env; host: keyof Env }>;
type Env = z.infer<typeof EnvSchema>;

/** Validates the environment at start-up; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  if (c.FEED_STALE_AFTER_MS < 2 * c.FEED_HEARTBEAT_MS) {
    throw new Error(
      'Invalid configuration:\n  FEED_STALE_AFTER_MS: must be at least twice FEED_HEARTBEAT_MS, or one late beat suspends every market',
    );
  }
  const isProduction = c.NODE_ENV === 'production';
  const jwtSecret = c.JWT_SECRET ?? devSecrets(dataDir).jwtSecret;
  const seedDemoData = c.SEED_DEMO_DATA ? c.SEED_DEMO_DATA === 'true' : !isProduction;
  const apiDocs = c.API_DOCS ? c.API_DOCS === 'true' : !isProduction;
  const paymentWebhookSecret =
    c.PAYMENT_WEBHOOK_SECRET ?? (isProduction ? null : devSecrets(dataDir).paymentWebhookSecret);
  let generated: DevSecrets | undefined;
  const casinoProviders = Object.fromEntries(
    CASINO_PROVIDERS.map((p) => {
      const env = CASINO_ENV[p];
      const secret = c[env.secret] ?? (isProduction ? null : (generated ??= devSecrets(dataDir)).casino[p]);
      const host = c[env.host] ?? (isProduction ? null : `${c.CASINO_DEV_GAMES_URL.replace(/\/$/, '')}/${p}`);
      return [p, { secret, host }];
    }),
  ) as Config['casinoProviders'];
  return {
    ...c,
    jwtSecret,
    dataDir,
    isProduction,
    seedDemoData,
    apiDocs,
    paymentWebhookSecret,
    casinoProviders,
  };
}

interface DevSecrets {
  jwtSecret: string;
  paymentWebhookSecret: string;
  /** Each casino provider's wallet secret (the games provider of development must sign with the same). */
  casino: Record<CasinoProviderId, string>;
}

/** Development secrets generated once into DATA_DIR/secrets.json, so none ever lives in the repository. */
function devSecrets(dataDir: string): DevSecrets {
  const file = join(dataDir, 'secrets.json');
  const saved: Partial<DevSecrets> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>)
    : {};
  const secrets: DevSecrets = {
    jwtSecret: saved.jwtSecret ?? randomBytes(48).toString('base64url'),
    paymentWebhookSecret: saved.paymentWebhookSecret ?? randomBytes(32).toString('base64url'),
    casino: Object.fromEntries(
      CASINO_PROVIDERS.map((p) => [p, saved.casino?.[p] ?? randomBytes(32).toString('base64url')]),
    ) as DevSecrets['casino'],
  };
  if (
    secrets.jwtSecret !== saved.jwtSecret ||
    secrets.paymentWebhookSecret !== saved.paymentWebhookSecret ||
    CASINO_PROVIDERS.some((p) => secrets.casino[p] !== saved.casino?.[p])
  ) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
