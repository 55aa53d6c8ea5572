import type { SessionRevocationAnnouncer } from '../auth';
import { paise } from '@backlay/exchange';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import { revokeSessions } from './session-repository';
import { closeUser, expiredDemoUsers } from './user-repository';

/**
 * Closes demo accounts older than the TTL: their play money goes back to the house's play-money
 * account in a journal (history stays balanced), their sessions end (access tokens too: each
 * account's revoked sessions are announced once its transaction commits). Accounts with open bets
 * wait until those settle.
 */
export async function closeExpiredDemoAccounts(
  db: Db,
  ledger: Ledger,
  revocations: SessionRevocationAnnouncer,
  ttlHours: number,
  batch = 200,
): Promise<number> {
  const cutoff = new Date(Date.now() - ttlHours * 3_600_000);
  const expired = await expiredDemoUsers(db, cutoff, batch);
  let closed = 0;
  for (const user of expired) {
    const done = await ledger.transaction(async (money) => {
      const wallet = await money.wallet(user.id, { forUpdate: true });
      if (wallet.exposurePaise > 0) return false;
      if (wallet.balancePaise > 0) {
        await money.post({
          domainId: user.domainId,
          kind: 'demo_funding',
          reference: `demo-close:${user.id}`,
          description: 'Demo account closed: play money returned',
          lines: [
            { account: wallet.cash, amount: paise(-wallet.balancePaise) },
            {
              account: await money.houseAccount(user.domainId, 'HOUSE_PLAY_MONEY'),
              amount: wallet.balancePaise,
            },
          ],
        });
      }
      await closeUser(money.tx, user.id);
      return revokeSessions(money.tx, user.id);
    });
    if (done === false) continue;
    await revocations.announce(done);
    closed++;
  }
  return closed;
}
