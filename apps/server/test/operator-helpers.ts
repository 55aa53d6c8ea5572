import type { OperatorLoginResult, OperatorRole } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import {
  DEMO_OPERATOR_PASSWORD,
  DEMO_OPERATOR_TOTP_SECRET,
  seedDemoOperators,
  TotpSealer,
} from '../src/operator';
import { createOperatorDirectly } from '../src/operator/bootstrap';
import { findOperatorByName } from '../src/operator/operator-repository';
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
  // The step the database says was used last counts too: another app on the same database (a
  // restarted server, a second instance) may have signed this operator in.
  const stored = (await findOperatorByName(app.db, userName))?.totpLastStep ?? null;
  const remembered = lastEpoch.get(key);
  const used = [remembered, stored === null ? undefined : stored * 30].filter((e) => e !== undefined);
  const previous = used.length > 0 ? Math.max(...used) : undefined;
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

/**
 * An operator of another site, made as operator:create makes one (where nobody works yet), signed
 * in on that site's host; answers the token.
 */
export async function otherSiteOperatorToken(
  app: FastifyInstance,
  opts: { host: string; userName: string; role: OperatorRole },
): Promise<string> {
  const password = 'a-long-operator-password';
  const op = await createOperatorDirectly(app.db, new TotpSealer(app.config.jwtSecret), {
    domain: opts.host,
    userName: opts.userName,
    password,
    role: opts.role,
    by: 'test',
  });
  const signedIn = await signInOperator(app, {
    userName: op.userName,
    password,
    secret: op.totpSecret,
    host: opts.host,
  });
  return signedIn.accessToken;
}

/** The four demo operators' tokens on the 'test' domain, one sign-in each. */
export async function demoOperatorTokens(app: FastifyInstance): Promise<Record<DemoRole, string>> {
  await seedOperators(app);
  const roles: DemoRole[] = ['owner', 'finance', 'trader', 'support'];
  const tokens = {} as Record<DemoRole, string>;
  for (const role of roles) tokens[role] = (await signInOperator(app, { userName: role })).accessToken;
  return tokens;
}

/**
 * A demo operator's token on an app, signed in once and kept while it has more than two minutes
 * left (a token lives 15): most tests need an operator for a call or two, and each sign-in spends a
 * TOTP step. Calls at the same time share one sign-in. Seeds the demo operators on the first call.
 */
interface KeptToken {
  token: Promise<string>;
  until: number;
}
const keptTokens = new WeakMap<FastifyInstance, Map<DemoRole, KeptToken>>();
export function operatorToken(app: FastifyInstance, role: DemoRole): Promise<string> {
  const kept = keptTokens.get(app) ?? new Map<DemoRole, KeptToken>();
  keptTokens.set(app, kept);
  const held = kept.get(role);
  if (held && held.until > Date.now()) return held.token;
  const entry: KeptToken = { token: Promise.resolve(''), until: Number.POSITIVE_INFINITY };
  entry.token = (async () => {
    await seedOperators(app);
    const signedIn = await signInOperator(app, { userName: role });
    entry.until = Date.now() + (signedIn.expireInSeconds - 120) * 1000;
    return signedIn.accessToken;
  })();
  // A refused sign-in is not kept: the next call tries again.
  entry.token.catch(() => {
    if (kept.get(role) === entry) kept.delete(role);
  });
  kept.set(role, entry);
  return entry.token;
}

/** The `authorization` header of a demo operator's token (see operatorToken). */
export async function operatorHeaders(
  app: FastifyInstance,
  role: DemoRole,
): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await operatorToken(app, role)}` };
}

/**
 * Signs a demo operator in on a server process of its own (fetch, not inject): one the test started
 * outside production, so main.ts seeded the demo operators. A fresh database, so the current code
 * has not been used; answers the token.
 */
export async function signInOverHttp(baseUrl: string, userName: DemoRole): Promise<string> {
  const answer = await fetch(`${baseUrl}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userName,
      password: DEMO_OPERATOR_PASSWORD,
      totp: await totpCode(DEMO_OPERATOR_TOTP_SECRET),
    }),
  });
  const body = (await answer.json()) as { success: boolean; result: OperatorLoginResult | null };
  if (!body.success || !body.result) throw new Error(`operator sign-in refused: ${JSON.stringify(body)}`);
  return body.result.accessToken;
}

/** A 1x1 PNG: the deposit screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let deposits = 0;

/**
 * A player's UPI deposit waiting for an operator's decision: its screenshot stored first (each one
 * different), a fresh 12-digit UTR. Answers the request's id.
 */
export async function pendingDeposit(
  app: FastifyInstance,
  player: { token: string; host?: string | undefined },
  rupees = 500,
): Promise<{ id: number }> {
  const n = ++deposits;
  const image = `data:image/png;base64,${Buffer.concat([PNG, Buffer.from(`#${n}`)]).toString('base64')}`;
  const utr = `${String(Date.now()).slice(-7)}${String(n).padStart(5, '0')}`;
  const host = player.host ? { host: player.host } : {};
  const { imageId } = expectOk(
    await call<{ imageId: number }>(app, {
      url: '/Setting/StoreImage',
      body: { image },
      token: player.token,
      ...host,
    }),
  );
  return expectOk(
    await call<{ id: number }>(app, {
      url: '/DepositWithdrawal/CreateDeposit',
      body: { amount: rupees, paymentMethod: 'Upi', utr, imageId },
      token: player.token,
      ...host,
    }),
  );
}
