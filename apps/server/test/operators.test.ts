import type { OperatorEnrolment } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import {
  DEMO_OPERATOR_PASSWORD,
  DEMO_OPERATOR_TOTP_SECRET,
  OperatorAuditTrail,
  seedDemoOperators,
  TotpSealer,
} from '../src/operator';
import { createOperatorDirectly } from '../src/operator/bootstrap';
import { totpCode } from '../src/operator/totp';
import { expectLedgerBalanced } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import {
  call,
  expectOk,
  expectRefused,
  nextIp,
  register,
  registerVerified,
  verify,
  type Answer,
} from './helpers';
import {
  demoOperatorTokens,
  freshCode,
  otherSiteOperatorToken,
  pendingDeposit,
  signInOperator,
  type DemoRole,
} from './operator-helpers';

/*
 * Operator accounts (section C5) through the HTTP API: sign-in with a password and a TOTP code, the
 * operator token's realm (never a player's), roles per route, the domain every call is scoped to,
 * and the append-only audit log written in the action's own transaction.
 */

const OTHER_HOST = 'skipotp.backlay.local';

interface AuditRow {
  actor: string;
  role: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  request_id: string;
  ip: string;
  domain_id: unknown;
  operator_id: unknown;
}

describe.each(backends)('operator accounts (%s)', (backend) => {
  let ctx: TestContext;
  let tokens: Record<DemoRole, string>;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    tokens = await demoOperatorTokens(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await expectLedgerBalanced(ctx.database.db);
  });

  let seq = 0;
  const as = <T = unknown>(
    token: string,
    url: string,
    body?: unknown,
    extra: { host?: string; ip?: string } = {},
  ) => call<T>(ctx.app, { url, token, ...(body === undefined ? {} : { body }), ...extra });
  const login = (userName: string, password: string, totp: string, ip?: string, host?: string) =>
    call<{ accessToken: string }>(ctx.app, {
      url: '/admin/auth/login',
      body: { userName, password, totp },
      ...(ip ? { ip } : {}),
      ...(host ? { host } : {}),
    });
  const audit = (where = sql`true`) =>
    queryRows<AuditRow>(
      ctx.database.db,
      sql`select actor, role, action, target, before, after, request_id, ip, domain_id, operator_id
          from operator_audit_log where ${where} order by id`,
    );
  const testDomainId = async () =>
    num(
      (await queryRows<{ id: unknown }>(ctx.database.db, sql`select id from domains where name = 'test'`))[0]
        ?.id,
    );

  async function player(host?: string) {
    // The other site skips verification: its fixed code verifies.
    let who;
    if (host) {
      const registered = await register(ctx.app, { host });
      who = { ...registered, login: expectOk(await verify(ctx.app, registered, '000000')) };
    } else {
      who = await registerVerified(ctx.app);
    }
    return { token: who.login.accessToken, userId: who.login.userId, userName: who.userName, host };
  }
  async function fund(userId: number, rupees: number) {
    expectOk(
      await as(tokens.owner, '/admin/wallets/adjust', {
        userId,
        amount: rupees,
        reason: 'test funds',
        reference: `ops-${backend}-${++seq}`,
      }),
    );
  }
  async function pendingWithdrawal(p: { token: string; userId: number }) {
    await fund(p.userId, 1000);
    return expectOk(
      await as<{ id: number }>(p.token, '/DepositWithdrawal/CreateWithdrawal', {
        amount: 300,
        paymentMethod: 'Upi',
        upiId: 'ravi@okaxis',
      }),
    );
  }
  /**
   * Creates an operator: on the demo site by its owner (POST /admin/operators); on another site's
   * host, where nobody works yet, as its first operator with operator:create's function.
   */
  async function createOperator(role: DemoRole, host?: string): Promise<OperatorEnrolment> {
    const userName = `op_${role}_${++seq}_${backend}`;
    const password = 'a-long-operator-password';
    if (host) {
      return createOperatorDirectly(ctx.database.db, new TotpSealer(ctx.config.jwtSecret), {
        domain: host,
        userName,
        password,
        role,
        by: 'test',
      });
    }
    return expectOk(
      await as<OperatorEnrolment>(tokens.owner, '/admin/operators', { userName, password, role }),
    );
  }

  describe('sign-in with a password and a TOTP code', () => {
    it('answers a short-lived operator token for the domain, and audits the sign-in', async () => {
      const op = await createOperator('finance');
      const ip = nextIp();
      const answer = expectOk(
        await login(op.userName, 'a-long-operator-password', await totpCode(op.totpSecret), ip),
      );
      expect(answer).toMatchObject({
        expireInSeconds: 900,
        operator: { userName: op.userName, role: 'finance', domainId: await testDomainId() },
      });
      const rows = await audit(sql`actor = ${op.userName} and action = 'auth.sign_in'`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ role: 'finance', ip });
      expect(rows[0]?.request_id).toBeTruthy();
    });

    it('refuses a wrong password, a wrong code, an unknown name and another site alike (401), each audited', async () => {
      const op = await createOperator('support');
      const code = await totpCode(op.totpSecret);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const refusals: Answer[] = [
        await login(op.userName, 'not-the-password-at-all', code),
        await login(op.userName, 'a-long-operator-password', wrongCode),
        await login(`${op.userName}_nobody`, 'a-long-operator-password', code),
        // A role on the test site only: on another site's host there is nothing to sign in to.
        await login(op.userName, 'a-long-operator-password', code, undefined, OTHER_HOST),
      ];
      const messages = new Set<string | undefined>();
      for (const refused of refusals) {
        expectRefused(refused, 401, 'INVALID_CREDENTIALS');
        messages.add(refused.body.error?.message);
      }
      // Nothing says which part was wrong.
      expect(messages.size).toBe(1);
      const failed = await audit(
        sql`action = 'auth.sign_in_failed' and lower(actor) like ${`${op.userName}%`}`,
      );
      expect(failed.map((r) => (r.after as { why: string }).why)).toEqual([
        'password',
        'code',
        'unknown name',
        'no role on this domain',
      ]);
      // The right code still signs in (the refusals used nothing up).
      expectOk(await login(op.userName, 'a-long-operator-password', code));
    });

    it('takes each code once: a replay within its 30 seconds, or an earlier step, is refused', async () => {
      const op = await createOperator('trader');
      const now = Math.floor(Date.now() / 1000);
      const code = await totpCode(op.totpSecret, now);
      expectOk(await login(op.userName, 'a-long-operator-password', code));
      expectRefused(await login(op.userName, 'a-long-operator-password', code), 401, 'INVALID_CREDENTIALS');
      expectRefused(
        await login(op.userName, 'a-long-operator-password', await totpCode(op.totpSecret, now - 30)),
        401,
        'INVALID_CREDENTIALS',
      );
      const [replay] = await audit(sql`actor = ${op.userName} and action = 'auth.sign_in_failed'`);
      expect((replay?.after as { why: string }).why).toMatch(/code/);
      // The next step's code is good.
      expectOk(await login(op.userName, 'a-long-operator-password', await totpCode(op.totpSecret, now + 30)));
    });

    it('of two sign-ins racing with one code, exactly one gets a token', async () => {
      const op = await createOperator('support');
      const code = await totpCode(op.totpSecret);
      const answers = await Promise.all([
        login(op.userName, 'a-long-operator-password', code),
        login(op.userName, 'a-long-operator-password', code),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    });

    it('makes an address wait, longer after each failure, past five; another address may still try', async () => {
      const op = await createOperator('support');
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        expectRefused(
          await login(op.userName, 'wrong-password-here', '000000', ip),
          401,
          'INVALID_CREDENTIALS',
        );
      }
      const waiting = await login(op.userName, 'a-long-operator-password', await totpCode(op.totpSecret), ip);
      expectRefused(waiting, 429, 'RATE_LIMITED', /try again in 30 seconds/);
      expect(waiting.headers['retry-after']).toBe('30');
      // Waiting is not a failure: the same wait, not a longer one.
      const again = await login(op.userName, 'a-long-operator-password', await totpCode(op.totpSecret), ip);
      expect(again.headers['retry-after']).toBe('30');
      // Once the wait is over, a sixth failure doubles it: 31 s on, the address still waits.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 31_000);
        expectRefused(
          await login(op.userName, 'wrong-password-here', '000000', ip),
          401,
          'INVALID_CREDENTIALS',
        );
        const longer = await login(
          op.userName,
          'a-long-operator-password',
          await totpCode(op.totpSecret),
          ip,
        );
        expectRefused(longer, 429, 'RATE_LIMITED');
        expect(Number(longer.headers['retry-after'])).toBeGreaterThan(20);
      } finally {
        vi.useRealTimers();
      }
      // Elsewhere, the operator signs in.
      expectOk(await login(op.userName, 'a-long-operator-password', await totpCode(op.totpSecret)));
    });

    it('limits sign-in calls per address too', async () => {
      const ip = nextIp();
      const answers: Answer[] = [];
      for (let i = 0; i < 11; i++) answers.push(await login(`nobody_${i}`, 'x', '000000', ip));
      expectRefused(answers[10] as Answer, 429, 'RATE_LIMITED');
    });
  });

  describe("the operator token's realm", () => {
    it('no token answers 401; a player token 403; a refused operator token 401', async () => {
      expectRefused(await call(ctx.app, { url: '/admin/payment-requests' }), 401, 'UNAUTHENTICATED');
      const p = await player();
      expectRefused(await as(p.token, '/admin/payment-requests'), 403, 'FORBIDDEN');
      expectRefused(await as(`${tokens.finance}x`, '/admin/payment-requests'), 401, 'UNAUTHENTICATED');
    });

    it("an operator's token is no player's: player calls answer 401", async () => {
      expectRefused(await as(tokens.owner, '/Account/GetPaymentInfo'), 401, 'UNAUTHENTICATED');
      expectRefused(
        await as(tokens.finance, '/DepositWithdrawal/GetDepositWithdrawals', {}),
        401,
        'UNAUTHENTICATED',
      );
    });

    it("is good on its own site only: on another site's host it answers 401", async () => {
      expectRefused(
        await as(tokens.finance, '/admin/payment-requests', undefined, { host: OTHER_HOST }),
        401,
        'UNAUTHENTICATED',
      );
    });

    it("a reset TOTP ends the operator's tokens at once, and only the new secret signs in", async () => {
      const op = await createOperator('support');
      const { accessToken } = await signInOperator(ctx.app, {
        userName: op.userName,
        password: 'a-long-operator-password',
        secret: op.totpSecret,
      });
      expectOk(await as(accessToken, '/admin/login-links', { userName: (await player()).userName }));
      const reset = expectOk(
        await as<OperatorEnrolment>(tokens.owner, '/admin/operators/reset-totp', { userName: op.userName }),
      );
      expect(reset.totpSecret).not.toBe(op.totpSecret);
      expectRefused(await as(accessToken, '/admin/login-links', { userName: 'x' }), 401, 'UNAUTHENTICATED');
      expectRefused(
        await login(
          op.userName,
          'a-long-operator-password',
          await totpCode(op.totpSecret, Math.floor(Date.now() / 1000) + 30),
        ),
        401,
        'INVALID_CREDENTIALS',
      );
      expectOk(await login(op.userName, 'a-long-operator-password', await totpCode(reset.totpSecret)));
    });

    it('a disabled operator is refused at once, token or not', async () => {
      const op = await createOperator('finance');
      const { accessToken } = await signInOperator(ctx.app, {
        userName: op.userName,
        password: 'a-long-operator-password',
        secret: op.totpSecret,
      });
      expectOk(await as(accessToken, '/admin/payment-requests'));
      await ctx.database.db.execute(
        sql`update operators set status = 'disabled' where id = ${op.operatorId}`,
      );
      expectRefused(await as(accessToken, '/admin/payment-requests'), 401, 'UNAUTHENTICATED');
    });
  });

  describe('roles', () => {
    // What each route admits besides the owner; a call a role may make must not answer 401 or 403.
    const ROUTES: { url: string; method?: 'GET'; body?: unknown; roles: DemoRole[] }[] = [
      { url: '/admin/payment-requests', method: 'GET', roles: ['owner', 'finance'] },
      { url: '/admin/payment-requests/approve-deposit', body: { id: 999_999 }, roles: ['owner', 'finance'] },
      {
        url: '/admin/payment-requests/approve-withdrawal',
        body: { id: 999_999, utr: '123456789012' },
        roles: ['owner', 'finance'],
      },
      {
        url: '/admin/payment-requests/reject',
        body: { id: 999_999, reason: 'not paid' },
        roles: ['owner', 'finance'],
      },
      {
        url: '/admin/wallets/adjust',
        body: { userId: 999_999, amount: 1, reason: 'role test', reference: 'role-test' },
        roles: ['owner'],
      },
      {
        url: '/admin/markets/settle',
        body: { marketId: '1.999999', result: { kind: 'void', reason: 'role test' } },
        roles: ['owner', 'trader'],
      },
      { url: '/admin/login-links', body: { userName: 'nobody_here' }, roles: ['owner', 'support'] },
      { url: '/admin/operators/reset-totp', body: { userName: 'nobody_here' }, roles: ['owner'] },
      { url: '/admin/audit-log', method: 'GET', roles: ['owner'] },
    ];
    const ALL: DemoRole[] = ['owner', 'finance', 'trader', 'support'];

    it.each(ROUTES)(
      '$url admits $roles, refuses the others with 403 FORBIDDEN naming the role needed',
      async (r) => {
        for (const role of ALL) {
          const answer = await call(ctx.app, {
            url: r.url,
            token: tokens[role],
            ...(r.method ? { method: r.method } : {}),
            ...(r.body === undefined ? {} : { body: r.body }),
          });
          if (r.roles.includes(role)) {
            expect([401, 403], `${role} on ${r.url}: ${JSON.stringify(answer.body)}`).not.toContain(
              answer.status,
            );
          } else {
            expectRefused(
              answer,
              403,
              'FORBIDDEN',
              new RegExp(`Your role \\(${role}\\) may not do this: it needs owner`),
            );
            // The attempt is in the audit log: who, which call.
            const [attempt] = await queryRows<{ actor: unknown; target: unknown }>(
              ctx.database.db,
              sql`select actor, target from operator_audit_log where action = 'auth.refused'
                    order by id desc limit 1`,
            );
            expect(attempt).toMatchObject({ actor: role, target: `${r.method ?? 'POST'} ${r.url}` });
          }
        }
      },
    );

    it('only the owner adds operators; a name is one across every site (409)', async () => {
      const body = {
        userName: `op_new_${backend}_${++seq}`,
        password: 'a-long-operator-password',
        role: 'finance',
      };
      for (const role of ['finance', 'trader', 'support'] as const) {
        expectRefused(await as(tokens[role], '/admin/operators', body), 403, 'FORBIDDEN');
      }
      const made = expectOk(await as<OperatorEnrolment>(tokens.owner, '/admin/operators', body));
      expect(made).toMatchObject({
        userName: body.userName,
        role: 'finance',
        domainId: await testDomainId(),
      });
      expect(made.totpUri).toContain(made.totpSecret);
      expectRefused(await as(tokens.owner, '/admin/operators', body), 409, 'USERNAME_TAKEN');
      // Another site's first operator may not take it either.
      await expect(
        createOperatorDirectly(ctx.database.db, new TotpSealer(ctx.config.jwtSecret), {
          domain: OTHER_HOST,
          userName: body.userName.toUpperCase(),
          password: body.password,
          role: 'owner',
          by: 'test',
        }),
      ).rejects.toThrow(/already has the user name/);
      // The secret is kept sealed, never in clear.
      const [row] = await queryRows<{ s: string }>(
        ctx.database.db,
        sql`select totp_secret_sealed as s from operators where id = ${made.operatorId}`,
      );
      expect(row?.s).not.toContain(made.totpSecret);
    });
  });

  describe('the domain every call is scoped to', () => {
    let otherOwner: string;
    beforeAll(async () => {
      // operator:create makes the other site's first owner; it signs in on that site's host.
      otherOwner = await otherSiteOperatorToken(ctx.app, {
        host: OTHER_HOST,
        userName: `op_owner_${++seq}_${backend}`,
        role: 'owner',
      });
    });
    const onOther = <T = unknown>(url: string, body?: unknown) =>
      as<T>(otherOwner, url, body, { host: OTHER_HOST });

    it("sees only its own site's requests and decides none of another's", async () => {
      const here = await player();
      const there = await player(OTHER_HOST);
      const mine = await pendingDeposit(ctx.app, here);
      const theirs = await pendingDeposit(ctx.app, there);
      const ids = (a: Answer<{ items: { id: number }[] }>) => expectOk(a).items.map((i) => i.id);
      const otherList = ids(
        await onOther<{ items: { id: number }[] }>('/admin/payment-requests?MaxResultCount=100'),
      );
      expect(otherList).toContain(theirs.id);
      expect(otherList).not.toContain(mine.id);
      expectRefused(
        await onOther('/admin/payment-requests/approve-deposit', { id: mine.id }),
        404,
        'NOT_FOUND',
      );
      expectRefused(
        await onOther('/admin/payment-requests/reject', { id: mine.id, reason: 'nope' }),
        404,
        'NOT_FOUND',
      );
      // The test site's finance operator sees its own and decides it.
      expect(ids(await as(tokens.finance, '/admin/payment-requests?MaxResultCount=100'))).not.toContain(
        theirs.id,
      );
      expectOk(await as(tokens.finance, '/admin/payment-requests/approve-deposit', { id: mine.id }));
    });

    it("adjusts no wallet and issues no sign-in link for another site's player", async () => {
      const here = await player();
      const before = (await ctx.app.ledger.wallet(here.userId)).balancePaise;
      expectRefused(
        await onOther('/admin/wallets/adjust', {
          userId: here.userId,
          amount: 100,
          reason: 'cross site',
          reference: `x-${++seq}`,
        }),
        404,
        'NOT_FOUND',
      );
      expect((await ctx.app.ledger.wallet(here.userId)).balancePaise).toBe(before);
      expectRefused(await onOther('/admin/login-links', { userName: here.userName }), 404, 'NOT_FOUND');
    });

    it("reads its own site's audit log only, and resets no TOTP of another site's operator", async () => {
      const log = expectOk(
        await onOther<{ items: { actor: string }[] }>('/admin/audit-log?MaxResultCount=100'),
      );
      expect(log.items.length).toBeGreaterThan(0);
      expect(log.items.map((i) => i.actor)).not.toContain('finance');
      expectRefused(await onOther('/admin/operators/reset-totp', { userName: 'finance' }), 404, 'NOT_FOUND');
    });
  });

  describe('the audit log', () => {
    it('records each decision with who, role, site, target, before and after, request id and address', async () => {
      const domainId = await testDomainId();
      const p = await player();
      const deposit = await pendingDeposit(ctx.app, p);
      const ip = nextIp();
      expectOk(
        await as(tokens.finance, '/admin/payment-requests/approve-deposit', { id: deposit.id }, { ip }),
      );
      const withdrawal = await pendingWithdrawal(p);
      expectOk(
        await as(tokens.finance, '/admin/payment-requests/approve-withdrawal', {
          id: withdrawal.id,
          utr: '998877665544',
        }),
      );
      const rejected = await pendingDeposit(ctx.app, p);
      expectOk(
        await as(tokens.owner, '/admin/payment-requests/reject', {
          id: rejected.id,
          reason: 'No such payment',
        }),
      );
      expectOk(
        await as(tokens.owner, '/admin/wallets/adjust', {
          userId: p.userId,
          amount: 12.5,
          reason: 'goodwill',
          reference: `audit-${backend}-${++seq}`,
        }),
      );
      expectOk(await as(tokens.support, '/admin/login-links', { userName: p.userName }));

      const rows = await audit(
        sql`coalesce(after->>'reason', '') <> 'test funds' and target in (${`payment_request:${deposit.id}`}, ${`payment_request:${withdrawal.id}`}, ${`payment_request:${rejected.id}`}, ${`player:${p.userId}`})`,
      );
      const simple = rows.map((r) => ({ actor: r.actor, role: r.role, action: r.action, target: r.target }));
      expect(simple).toEqual([
        {
          actor: 'finance',
          role: 'finance',
          action: 'payment.approve_deposit',
          target: `payment_request:${deposit.id}`,
        },
        {
          actor: 'finance',
          role: 'finance',
          action: 'payment.approve_withdrawal',
          target: `payment_request:${withdrawal.id}`,
        },
        { actor: 'owner', role: 'owner', action: 'payment.reject', target: `payment_request:${rejected.id}` },
        { actor: 'owner', role: 'owner', action: 'wallet.adjust', target: `player:${p.userId}` },
        {
          actor: 'support',
          role: 'support',
          action: 'player.issue_login_link',
          target: `player:${p.userId}`,
        },
      ]);
      expect(rows[0]).toMatchObject({
        ip,
        before: { status: 'PENDING', type: 'deposit', amount: 500_00 },
        after: { status: 'APPROVED' },
      });
      expect(num(rows[0]?.domain_id)).toBe(domainId);
      expect(rows[0]?.request_id).toMatch(/\S/);
      expect(rows[1]?.after).toMatchObject({ status: 'APPROVED', payoutUtr: '998877665544' });
      expect(rows[2]?.after).toMatchObject({ status: 'REJECTED', reason: 'No such payment' });
      expect(rows[3]?.after).toMatchObject({ amount: 1250, reason: 'goodwill' });
      // The request records who decided.
      const [decided] = await queryRows<{ d: string }>(
        ctx.database.db,
        sql`select decided_by as d from payment_requests where id = ${deposit.id}`,
      );
      expect(decided?.d).toBe('finance');
      // The owner reads it back, newest first.
      const log = expectOk(
        await as<{ items: { action: string; target: string }[] }>(tokens.owner, '/admin/audit-log'),
      );
      expect(log.items[0]).toMatchObject({ action: 'player.issue_login_link', target: `player:${p.userId}` });
    });

    it('filters by operator, action or family of actions, and time, on the server', async () => {
      const p = await player();
      // From now: an earlier test's rows (a login link a moment ago) are before it.
      const start = new Date().toISOString();
      const deposit = await pendingDeposit(ctx.app, p);
      expectOk(await as(tokens.finance, '/admin/payment-requests/approve-deposit', { id: deposit.id }));
      expectOk(await as(tokens.support, '/admin/login-links', { userName: p.userName }));
      type Log = { totalCount: number; items: { actor: string; action: string; at: string }[] };
      const read = (q: Record<string, string>) =>
        call<Log>(ctx.app, {
          url: '/admin/audit-log',
          query: { MaxResultCount: '200', ...q },
          token: tokens.owner,
        });
      const byFinance = expectOk(await read({ actor: 'FINANCE', from: start }));
      expect(byFinance.items.length).toBeGreaterThan(0);
      expect(new Set(byFinance.items.map((i) => i.actor))).toEqual(new Set(['finance']));
      expect(byFinance.items.every((i) => i.at >= start)).toBe(true);
      const payments = expectOk(await read({ action: 'payment.', from: start }));
      expect(payments.items.map((i) => i.action)).toContain('payment.approve_deposit');
      expect(payments.items.every((i) => i.action.startsWith('payment.'))).toBe(true);
      const links = expectOk(await read({ action: 'player.issue_login_link', from: start }));
      expect(links.items.map((i) => i.actor)).toEqual(['support']);
      expect(links.totalCount).toBe(1);
      const before = expectOk(
        await read({ action: 'player.issue_login_link', to: start, from: '2000-01-01T00:00:00Z' }),
      );
      expect(before.items.every((i) => i.at < start)).toBe(true);
      expectRefused(await read({ from: start, to: start }), 400, 'VALIDATION_FAILED');
      expectRefused(await read({ from: 'yesterday' }), 400, 'VALIDATION_FAILED');
    });

    it("a trader's settlement is audited before it runs and with its outcome after", async () => {
      const marketId = `1.${String(Date.now()).slice(-9)}`;
      const answer = await as(tokens.trader, '/admin/markets/settle', {
        marketId,
        result: { kind: 'void', reason: 'abandoned' },
      });
      const rows = await audit(sql`target = ${`market:${marketId}`}`);
      expect(rows[0]).toMatchObject({ actor: 'trader', role: 'trader', action: 'market.void' });
      if (answer.body.success) expect(rows.map((r) => r.action)).toEqual(['market.void', 'market.void.done']);
      else expect(rows).toHaveLength(1);
    });

    it('a refused decision writes no row; an audit that fails undoes the decision', async () => {
      const p = await player();
      const deposit = await pendingDeposit(ctx.app, p);
      expectOk(await as(tokens.finance, '/admin/payment-requests/approve-deposit', { id: deposit.id }));
      expectRefused(
        await as(tokens.finance, '/admin/payment-requests/approve-deposit', { id: deposit.id }),
        409,
        'REQUEST_NOT_PENDING',
      );
      expect(await audit(sql`target = ${`payment_request:${deposit.id}`}`)).toHaveLength(1);

      const other = await pendingDeposit(ctx.app, p);
      const balance = (await ctx.app.ledger.wallet(p.userId)).balancePaise;
      vi.spyOn(OperatorAuditTrail.prototype, 'record').mockRejectedValueOnce(
        new Error('audit log unavailable'),
      );
      const failed = await as(tokens.finance, '/admin/payment-requests/approve-deposit', { id: other.id });
      expect(failed.status).toBe(500);
      // Same transaction: the approval and its journal rolled back with the audit row.
      expect((await ctx.app.ledger.wallet(p.userId)).balancePaise).toBe(balance);
      const [row] = await queryRows<{ s: string }>(
        ctx.database.db,
        sql`select status as s from payment_requests where id = ${other.id}`,
      );
      expect(row?.s).toBe('PENDING');
      expect(await audit(sql`target = ${`payment_request:${other.id}`}`)).toHaveLength(0);
    });

    it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
      const before = await audit();
      expect(before.length).toBeGreaterThan(0);
      for (const statement of [
        sql`update operator_audit_log set actor = 'someone else'`,
        sql`delete from operator_audit_log`,
        sql`truncate operator_audit_log`,
      ]) {
        const refused = await ctx.database.db.execute(statement).then(
          () => null,
          (err: unknown) => err as Error & { cause?: Error },
        );
        expect(`${refused?.message} ${refused?.cause?.message}`).toMatch(/append-only/);
      }
      expect(await audit()).toEqual(before);
    });
  });

  describe('the demo operators', () => {
    it('one of each role on the demo site, signing in with the documented password and secret', async () => {
      const rows = await queryRows<{ user_name: string; role: string }>(
        ctx.database.db,
        sql`select o.user_name, r.role from operators o join operator_roles r on r.operator_id = o.id
            where o.created_by = 'seed' order by o.id`,
      );
      expect(rows).toEqual([
        { user_name: 'owner', role: 'owner' },
        { user_name: 'finance', role: 'finance' },
        { user_name: 'trader', role: 'trader' },
        { user_name: 'support', role: 'support' },
      ]);
      // Seeding again changes nothing.
      expect(
        await seedDemoOperators(ctx.database.db, {
          isProduction: false,
          sealer: new TotpSealer(ctx.config.jwtSecret),
        }),
      ).toEqual([]);
    });
  });
});

describe.each(backends)('operators in production (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('no operator is seeded with the documented secret: the demo sign-in is refused', async () => {
    const made = await seedDemoOperators(ctx.database.db, {
      isProduction: true,
      sealer: new TotpSealer(ctx.config.jwtSecret),
    });
    expect(made).toEqual([]);
    const [count] = await queryRows<{ n: unknown }>(
      ctx.database.db,
      sql`select count(*) as n from operators`,
    );
    expect(num(count?.n)).toBe(0);
    expectRefused(
      await call(ctx.app, {
        url: '/admin/auth/login',
        body: {
          userName: 'owner',
          password: DEMO_OPERATOR_PASSWORD,
          totp: await freshCode(ctx.app, 'owner', DEMO_OPERATOR_TOTP_SECRET),
        },
      }),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});
