import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges } from '../src/platform/db/schema';
import { backends, createTestApp, type TestContext } from './harness';
import {
  call,
  expectOk,
  expectRefused,
  openChallenges,
  outboxCode,
  PASSWORD,
  register,
  uniqueMobile,
  uniqueName,
  userRow,
  verify,
} from './helpers';

/** Double submits and races: the database's unique rules must surface as honest refusals, never a 500. */
describe.each(backends)('concurrent account calls (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const registerBody = (userName: string, mobile: string) => ({
    url: '/Account/Register',
    body: { userName, password: PASSWORD, confirmPassword: PASSWORD, mobile },
  });

  it('the same user name registered twice at once: one account, the other refused as taken', async () => {
    const userName = uniqueName('race');
    const answers = await Promise.all([
      call(ctx.app, registerBody(userName, uniqueMobile())),
      call(ctx.app, registerBody(userName.toUpperCase(), uniqueMobile())),
    ]);
    const ok = answers.filter((a) => a.body.success);
    const refused = answers.filter((a) => !a.body.success);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expectRefused(refused[0]!, 409, 'USERNAME_TAKEN');
  });

  it('the same mobile registered twice at once: one account, the other refused', async () => {
    const mobile = uniqueMobile();
    const answers = await Promise.all([
      call(ctx.app, registerBody(uniqueName('race'), mobile)),
      call(ctx.app, registerBody(uniqueName('race'), mobile)),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expectRefused(
      answers.find((a) => !a.body.success)!,
      409,
      'MOBILE_TAKEN',
    );
  });

  it('a double-submitted verification activates once and never fails with a 500', async () => {
    const who = await register(ctx.app);
    const code = await outboxCode(ctx.app, who.mobile);
    const answers = await Promise.all([verify(ctx.app, who, code), verify(ctx.app, who, code)]);
    for (const a of answers) expect(a.status).toBeLessThan(500);
    expect(answers.some((a) => a.body.success)).toBe(true);
    expect((await userRow(ctx.database.db, who.userName)).status).toBe('active');
  });

  it('a double-submitted resend sends one code, and the code shown last is the one that works', async () => {
    const who = await register(ctx.app);
    const user = await userRow(ctx.database.db, who.userName);
    await ctx.database.db
      .update(otpChallenges)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(otpChallenges.userId, user.id));
    const body = { userName: who.userName, mobile: who.mobile, domain: who.domain };
    const answers = await Promise.all([
      call(ctx.app, { url: '/Account/ResendVerificationCode', body }),
      call(ctx.app, { url: '/Account/ResendVerificationCode', body }),
    ]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expectRefused(
      answers.find((a) => !a.body.success)!,
      429,
      'RATE_LIMITED',
      'Please wait 30 seconds before asking for another code.',
    );
    const open = (await openChallenges(ctx.database.db, user.id)).filter((c) => c.endedAt === null);
    expect(open).toHaveLength(1);
    expectOk(await verify(ctx.app, who, await outboxCode(ctx.app, who.mobile)));
  });
});
