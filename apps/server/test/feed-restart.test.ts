import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { buildApp } from '../src/app';
import { num, queryRows } from '../src/betting/sql-rows';
import { seedDemoDomains } from '../src/settings/seed';
import { demoPlayer, placeOk } from './betting-helpers';
import { backends, openTestDatabase, testConfig } from './harness';

/**
 * The simulator starts a new world (new ids) on every start, so markets with open bets from the
 * previous run can never close. The feed owner voids them when it starts: stakes come back and the
 * exposure is released, in the ledger and the wallet.
 */
describe.each(backends)('a restarted feed (%s)', (backend) => {
  it('voids the open bets of markets the new feed does not know', async () => {
    const database = await openTestDatabase(backend);
    await seedDemoDomains(database.db);
    const config = testConfig();
    try {
      const before = new TestFeed().setMarket(
        matchOddsMarket({
          id: '1.500',
          eventId: 500,
          runners: [
            { id: 1, name: 'India', back: [2], lay: [2.02] },
            { id: 2, name: 'Australia', back: [1.98], lay: [2] },
          ],
        }),
      );
      const first = await buildApp({ config, database, feed: before });
      await first.ready();
      const ctx = { app: first, database, config, close: async () => undefined };
      const player = await demoPlayer(ctx);
      const bet = await placeOk(ctx, player, {
        type: 1,
        rate: 2,
        stake: 1000,
        marketId: '1.500',
        eventId: 500,
        runnerId: 1,
      });
      expect(bet.exposure).toBe(1000);
      await first.close();

      // A new world without market 1.500: the owner of the feed voids it on start.
      const second = await buildApp({ config, database, feed: new TestFeed() });
      await second.ready();
      await second.close();

      const [row] = await queryRows<{ status: string; exposure: unknown; balance: unknown }>(
        database.db,
        sql`select b.status, w.exposure, a.balance from bets b
              join wallets w on w.user_id = b.user_id
              join ledger_accounts a on a.id = w.cash_account_id
             where b.id = ${bet.betId}`,
      );
      expect(row?.status).toBe('VOID');
      expect(num(row?.exposure)).toBe(0);
      expect(num(row?.balance)).toBe(1_500_000);
    } finally {
      await database.close();
    }
  });
});
