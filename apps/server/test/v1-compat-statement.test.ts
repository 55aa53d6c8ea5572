import type { LoginResult } from '@backlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused } from './helpers';

/**
 * Statements, bet history and profit and loss as the family's V1 client asks for them: dates
 * without a time (`2026-11-24`), its names `From`, `To`, `Type` and `transactionId`. A date alone is
 * that whole UTC day, both ends inclusive (docs/v1-compatibility.md).
 */
interface Line {
  id: number;
  kind: string;
  credit: number;
}
interface Page<T> {
  totalCount: number;
  items: T[];
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('the V1 client of the family: statements and history (%s)', (backend) => {
  let ctx: TestContext;
  let demo: LoginResult;

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    // A demo account: its play money is one statement line, written now.
    demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const statement = (query: Record<string, string>) =>
    call<Page<Line>>(ctx.app, { url: '/Transaction/GetHistory', query, token: demo.accessToken });

  it('Transaction/GetHistory: From and To as dates alone; To is the whole day, inclusive', async () => {
    const today = expectOk(
      await statement({ From: day(0), To: day(0), MaxResultCount: '10', SkipCount: '0' }),
    );
    expect(today.items.map((l) => l.kind)).toEqual(['demo_funding']);
    expect(expectOk(await statement({ From: day(1) })).totalCount).toBe(0);
    expect(expectOk(await statement({ To: day(-1) })).totalCount).toBe(0);
  });

  it('Transaction/GetHistory: StartDate and EndDate as dates alone, the same way', async () => {
    expect(expectOk(await statement({ StartDate: day(0), EndDate: day(0) })).totalCount).toBe(1);
    expect(expectOk(await statement({ StartDate: day(-3), EndDate: day(-1) })).totalCount).toBe(0);
    // Instants still work as before.
    const now = new Date().toISOString();
    expect(expectOk(await statement({ EndDate: now })).totalCount).toBe(1);
  });

  it('Transaction/GetHistory: Type is the filter by kind', async () => {
    expect(expectOk(await statement({ Type: 'demo_funding' })).totalCount).toBe(1);
    expect(expectOk(await statement({ Type: 'deposit' })).totalCount).toBe(0);
    // Ours wins when both are sent.
    expect(expectOk(await statement({ kind: 'demo_funding', Type: 'deposit' })).totalCount).toBe(1);
    expectRefused(await statement({ Type: 'nonsense' }), 400, 'VALIDATION_FAILED');
  });

  it('a date that is not one is refused with the envelope', async () => {
    expectRefused(await statement({ From: '2026-13-40' }), 400, 'VALIDATION_FAILED');
    expectRefused(await statement({ To: 'yesterday' }), 400, 'VALIDATION_FAILED');
  });

  it('Transaction/GetDetail: transactionId names the line', async () => {
    const line = expectOk(await statement({})).items[0] as Line;
    const detail = expectOk(
      await call<{ line: Line }>(ctx.app, {
        url: '/Transaction/GetDetail',
        query: { transactionId: String(line.id) },
        token: demo.accessToken,
      }),
    );
    expect(detail.line.id).toBe(line.id);
    expectRefused(
      await call(ctx.app, { url: '/Transaction/GetDetail', query: {}, token: demo.accessToken }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('Bet/GetUserBetHistory and Bet/GetUserProfitLoss: the ABP body with dates alone, or From and To', async () => {
    for (const url of ['/Bet/GetUserBetHistory', '/Bet/GetUserProfitLoss']) {
      for (const body of [
        { StartDate: day(0), EndDate: day(0), Sorting: 'placeTime desc', MaxResultCount: 10, SkipCount: 0 },
        { From: day(-7), To: day(0), MaxResultCount: 10, SkipCount: 0 },
      ]) {
        const page = expectOk(await call<Page<unknown>>(ctx.app, { url, body, token: demo.accessToken }));
        expect(page, `${url} ${JSON.stringify(body)}`).toMatchObject({ totalCount: 0, items: [] });
      }
    }
  });
});
