import type { OperatorLoginResult } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import {
  DEMO_OPERATOR_PASSWORD,
  DEMO_OPERATOR_TOTP_SECRET,
  seedDemoOperators,
  TotpSealer,
} from '../src/operator';
import { totpCode } from '../src/operator/totp';
import { call, expectOk } from './helpers';

/*
 * Operators for tests: the demo operators (one per role on the 'test' domain) seeded into a test
 * app's database, and signed in with the documented development password and TOTP secret.
 */

export type DemoRole = 'owner' | 'finance' | 'trader' | 'support';

/** Seeds the demo operators (idempotent) into an app built by the harness. */
export async function seedOperators(app: FastifyInstance): Promise<void> {
  await seedDemoOperators(app.db, { isProduction: false, sealer: new TotpSealer(app.config.jwtSecret) });
}

/**
 * A TOTP code of a later step than the last one used for this operator on this app: each code signs
 * in once (replays are refused), so a second sign-in within 30 seconds takes the next step's code.
 */
const lastEpochs = new WeakMap<FastifyInstance, Map<string, number>>();
export async function freshCode(app: FastifyInstance, userName: string, secret: string): Promise<string> {
  const lastEpoch = lastEpochs.get(app) ?? new Map<string, number>();
  lastEpochs.set(app, lastEpoch);
  const key = `${userName.toLowerCase()}:${secret}`;
  const now = Math.floor(Date.now() / 1000);
  const previous = lastEpoch.get(key);
  // The server accepts one step of drift either way; past that, wait for the next step.
  let epoch = previous === undefined ? now : Math.max(previous + 30, now);
  if (epoch > now + 30) {
    await new Promise((r) => setTimeout(r, (epoch - now - 30) * 1000 + 50));
    epoch = Math.floor(Date.now() / 1000) + 30;
  }
  lastEpoch.set(key, epoch);
  return totpCode(secret, epoch);
}

/** Signs in as an operator; answers the token (fails the test when refused). */
export async function signInOperator(
  app: FastifyInstance,
  opts: { userName: string; password?: string; secret?: string; host?: string },
): Promise<OperatorLoginResult> {
  const answer = await call<OperatorLoginResult>(app, {
    url: '/admin/auth/login',
    body: {
      userName: opts.userName,
      password: opts.password ?? DEMO_OPERATOR_PASSWORD,
      totp: await freshCode(app, opts.userName, opts.secret ?? DEMO_OPERATOR_TOTP_SECRET),
    },
    ...(opts.host ? { host: opts.host } : {}),
  });
  return expectOk(answer);
}

/** The four demo operators' tokens on the 'test' domain, one sign-in each. */
export async function demoOperatorTokens(app: FastifyInstance): Promise<Record<DemoRole, string>> {
  await seedOperators(app);
  const roles: DemoRole[] = ['owner', 'finance', 'trader', 'support'];
  const tokens = {} as Record<DemoRole, string>;
  for (const role of roles) tokens[role] = (await signInOperator(app, { userName: role })).accessToken;
  return tokens;
}
