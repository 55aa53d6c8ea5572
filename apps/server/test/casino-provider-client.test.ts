import { DiceDesk, WalletClient, isWalletError } from '@backlay/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adjust, expectLedgerBalanced } from './betting-helpers';
import { balances } from './bonus-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { registerVerified } from './helpers';

/*
 * Our own games provider (apps/games) against the real seamless wallet, over HTTP as a provider
 * stands outside: its WalletClient signs the calls, the server checks them, and a Dice play's stake
 * and win move the player's real cash in the ledger, once each.
 */

/** The player's id: the access token's subject. */
const userIdOf = (accessToken: string): number =>
  Number(
    (JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub,
  );

describe.each(backends)("our games provider's wallet client against the wallet (%s)", (backend) => {
  let ctx: TestContext;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(ctx.database.db);
  });

  const client = (secret = ctx.config.casinoProviders.dream.secret ?? '') =>
    new WalletClient({ baseUrl, provider: 'dream', secret });

  it('signs calls the wallet accepts; a wrong secret is refused', async () => {
    const p = await registerVerified(ctx.app);
    const userId = userIdOf(p.login.accessToken);
    await adjust(ctx, userId, 500);
    const answer = await client().balance(p.login.casinoToken);
    expect(answer).toMatchObject({ balance: 50_000, currency: 'INR', demo: false });
    const refused = await client('x'.repeat(40))
      .balance(p.login.casinoToken)
      .catch((e: unknown) => e);
    expect(isWalletError(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 401 });
  });

  it("Dice plays move the player's cash by exactly the stakes and the wins", async () => {
    const p = await registerVerified(ctx.app);
    const userId = userIdOf(p.login.accessToken);
    await adjust(ctx, userId, 1000);
    const desk = new DiceDesk({ wallet: client() });
    const player = { playerId: String(userId), casinoToken: p.login.casinoToken };
    let expected = 100_000;
    for (let i = 0; i < 6; i += 1) {
      const play = await desk.play(player, { stake: 5_000, direction: 'under', target: 5000 });
      expected += -5_000 + play.result.payout;
      // A winning roll's win was answered by the wallet before the play returned.
      expect(play.win).toBe(play.result.payout > 0 ? 'done' : 'none');
    }
    expect((await balances(ctx, userId)).cash).toBe(expected);
    expect((await client().balance(p.login.casinoToken)).balance).toBe(expected);
  });
});
