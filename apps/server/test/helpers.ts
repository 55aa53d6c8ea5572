import { randomBytes, randomInt } from 'node:crypto';
import type { LoginResult } from '@backlay/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database';
import { findDomainByName, upsertDomain, type Domain } from '../src/settings/domain-repository';
import {
  journalLines,
  journals,
  ledgerAccounts,
  loginAttempts,
  otpChallenges,
  referrals,
  refreshTokens,
  smsOutbox,
  users,
  userSettings,
  wallets,
} from '../src/platform/db/schema';
import { TEST_SECRET } from './harness';

export interface Envelope<T = unknown> {
  success: boolean;
  result: T;
  error: {
    code: string;
    message: string;
    details?: unknown;
    validationErrors?: { field: string; message: string }[];
  } | null;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

let ipSeq = 0;
/**
 * A fresh client address per call: the per-IP limits are real, so suites that are not about them
 * must not trip them by accident. Rate-limit suites pass their own fixed address.
 */
export function nextIp(): string {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  url: string;
  body?: unknown;
  /** A raw payload sent as is, with its own content type. */
  raw?: { payload: string; contentType?: string };
  query?: Record<string, string>;
  token?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export async function call<T = unknown>(app: FastifyInstance, opts: CallOptions): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'user-agent': CHROME_UA, ...opts.headers };
  if (opts.host) headers.host = opts.host;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined;
  if (opts.raw) {
    payload = opts.raw.payload;
    if (opts.raw.contentType) headers['content-type'] = opts.raw.contentType;
  } else if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await app.inject({
    method: opts.method ?? (opts.body !== undefined || opts.raw ? 'POST' : 'GET'),
    url: opts.url,
    ...(opts.query ? { query: opts.query } : {}),
    ...(payload !== undefined ? { payload } : {}),
    headers,
    remoteAddress: opts.ip ?? nextIp(),
  });
  let body: Envelope<T>;
  try {
    body = res.json<Envelope<T>>();
  } catch {
    body = { success: false, result: null as T, error: { code: '(not json)', message: res.body } };
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/** A refused call: the envelope, a 4xx status, the code, and a message a person can read. */
export function expectRefused(answer: Answer, status: number, code: string, message?: string | RegExp) {
  expect(answer.body.error?.code, JSON.stringify(answer.body)).toBe(code);
  expect(answer.status).toBe(status);
  expect(answer.body.success).toBe(false);
  expect(answer.body.result).toBeNull();
  const text = answer.body.error?.message ?? '';
  expect(text.length).toBeGreaterThan(5);
  // Never a stack trace or a driver's message.
  expect(text).not.toMatch(/\n\s+at |node_modules|SQL|syntax error|Error:/);
  if (typeof message === 'string') expect(text).toBe(message);
  else if (message) expect(text).toMatch(message);
}

export function expectOk<T>(answer: Answer<T>): T {
  expect(answer.body.error, JSON.stringify(answer.body)).toBeNull();
  expect(answer.status).toBe(200);
  expect(answer.body.success).toBe(true);
  return answer.body.result;
}

let nameSeq = 0;
export function uniqueName(prefix = 'user'): string {
  nameSeq++;
  return `${prefix}_${randomBytes(3).toString('hex')}${nameSeq}`;
}

const mobileBase = randomInt(100, 1000);
let mobileSeq = 0;
/** A valid Indian mobile number no other test in this process uses. */
export function uniqueMobile(): string {
  mobileSeq++;
  return `9${mobileBase}${String(mobileSeq).padStart(6, '0')}`;
}

export const PASSWORD = 'Secret@123';

export interface Registered {
  userName: string;
  password: string;
  mobile: string;
  domain: string;
  host?: string;
}

/** Register only: the account waits for its code. */
export async function register(
  app: FastifyInstance,
  opts: { userName?: string; mobile?: string; password?: string; host?: string; referralCode?: string } = {},
): Promise<Registered> {
  const userName = opts.userName ?? uniqueName();
  const mobile = opts.mobile ?? uniqueMobile();
  const password = opts.password ?? PASSWORD;
  const answer = await call<{ domain: string; userName: string; mobile: string }>(app, {
    url: '/Account/Register',
    body: {
      userName,
      password,
      confirmPassword: password,
      mobile,
      ...(opts.referralCode !== undefined ? { referralCode: opts.referralCode } : {}),
    },
    ...(opts.host ? { host: opts.host } : {}),
  });
  const result = expectOk(answer);
  return {
    userName,
    password,
    mobile: result.mobile,
    domain: result.domain,
    ...(opts.host ? { host: opts.host } : {}),
  };
}

/** The latest code the dev outbox holds for a mobile. */
export async function outboxCode(app: FastifyInstance, mobile: string): Promise<string> {
  const answer = await call<{ code: string }>(app, { url: '/dev/otp-outbox', query: { mobile } });
  return expectOk(answer).code;
}

export function verify(app: FastifyInstance, who: Registered, otp: string, ip?: string) {
  return call<LoginResult>(app, {
    url: '/Account/VerificationUser',
    body: { userName: who.userName, mobile: who.mobile, domain: who.domain, otp },
    ...(who.host ? { host: who.host } : {}),
    ...(ip ? { ip } : {}),
  });
}

/** Register, read the code from the outbox, verify: an active account and its first login. */
export async function registerVerified(
  app: FastifyInstance,
  opts: { userName?: string; mobile?: string; password?: string; host?: string; referralCode?: string } = {},
): Promise<Registered & { login: LoginResult }> {
  const who = await register(app, opts);
  const code = await outboxCode(app, who.mobile);
  const login = expectOk(await verify(app, who, code));
  return { ...who, login };
}

export function authenticate(
  app: FastifyInstance,
  login: string,
  password: string,
  opts: { host?: string; ip?: string; rememberClient?: boolean; headers?: Record<string, string> } = {},
) {
  return call<LoginResult>(app, {
    url: '/Account/Authenticate',
    body: { userNameOrEmailAddress: login, password, rememberClient: opts.rememberClient ?? false },
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.ip ? { ip: opts.ip } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
}

// ---------------------------------------------------------------- the database afterwards
const counted = {
  users,
  userSettings,
  otpChallenges,
  refreshTokens,
  loginAttempts,
  smsOutbox,
  ledgerAccounts,
  wallets,
  journals,
  journalLines,
  referrals,
} as const;

export type RowCounts = Record<keyof typeof counted, number>;

export async function rowCounts(db: Db): Promise<RowCounts> {
  const entries = await Promise.all(
    Object.entries(counted).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as RowCounts;
}

/**
 * Everything a refused account call could have touched: row counts, and the mutable state of
 * users, codes, sessions and settings.
 */
export async function accountState(db: Db) {
  const [counts, userRows, codeRows, sessionRows, settingRows] = await Promise.all([
    rowCounts(db),
    db
      .select({
        id: users.id,
        hash: users.passwordHash,
        status: users.status,
        referredBy: users.referredByUserId,
        lastLoginAt: users.lastLoginAt,
      })
      .from(users)
      .orderBy(users.id),
    db
      .select({ id: otpChallenges.id, tries: otpChallenges.wrongTries, ended: otpChallenges.endedAt })
      .from(otpChallenges)
      .orderBy(otpChallenges.id),
    db
      .select({ id: refreshTokens.id, revoked: refreshTokens.revokedAt })
      .from(refreshTokens)
      .orderBy(refreshTokens.id),
    db
      .select({ userId: userSettings.userId, stakes: userSettings.stakes })
      .from(userSettings)
      .orderBy(userSettings.userId),
  ]);
  return { counts, userRows, codeRows, sessionRows, settingRows };
}

export async function userRow(db: Db, userName: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = ${userName.toLowerCase()}`);
  if (!row) throw new Error(`no user ${userName}`);
  return row;
}

export async function openChallenges(db: Db, userId: number) {
  return db.select().from(otpChallenges).where(eq(otpChallenges.userId, userId)).orderBy(otpChallenges.id);
}

// ---------------------------------------------------------------- tokens made by hand
export interface HandClaims {
  userId: number;
  domainId: number;
  sessionId: number;
}

/** An access token as the server would sign it, but with an expiry in the past. */
export function expiredToken(c: HandClaims, secret = TEST_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ dom: c.domainId, sid: c.sessionId, demo: false })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(c.userId))
    .setIssuer('backlay')
    .setAudience('api')
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

/** Signed with a key the server does not hold. */
export function wrongKeyToken(c: HandClaims): Promise<string> {
  return new SignJWT({ dom: c.domainId, sid: c.sessionId, demo: false })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(c.userId))
    .setIssuer('backlay')
    .setAudience('api')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode('an-attackers-own-secret-that-is-long-enough-0123456789'));
}

/** `alg: none`: no signature at all. */
export function unsignedToken(c: HandClaims): string {
  return new UnsecuredJWT({ dom: c.domainId, sid: c.sessionId, demo: false })
    .setSubject(String(c.userId))
    .setIssuer('backlay')
    .setAudience('api')
    .setIssuedAt()
    .setExpirationTime('10m')
    .encode();
}

/** A valid token whose payload was edited afterwards (another user id), keeping the old signature. */
export function tamperedToken(token: string, userId: number): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  claims.sub = String(userId);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** Claims of a real token, read without checking it (to forge look-alikes). */
export function claimsOf(login: LoginResult): HandClaims {
  const payload = login.accessToken.split('.')[1] ?? '';
  const c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    sub: string;
    dom: number;
    sid: number;
  };
  return { userId: Number(c.sub), domainId: c.dom, sessionId: c.sid };
}

/** Another site beside the demo one: the demo site's settings, its own host name and pages. */
export async function addSite(
  db: Db,
  site: { name: string; host: string; content: Domain['content'] },
): Promise<void> {
  const demo = await findDomainByName(db, 'test');
  if (!demo) throw new Error('no demo domain');
  const { domainName: _name, ...settings } = demo.settings;
  await upsertDomain(db, { name: site.name, hosts: [site.host], settings, content: site.content });
}
