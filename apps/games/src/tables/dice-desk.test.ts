import { describe, expect, it } from 'vitest';
import { verifyRound } from '../games/verify';
import { DiceDesk } from './dice-desk';
import { countingRandom, FakeWallet, ManualScheduler, rupees } from './test-support';

function setup() {
  const scheduler = new ManualScheduler();
  const wallet = new FakeWallet(scheduler);
  let id = 0;
  const desk = new DiceDesk({
    wallet,
    scheduler,
    random: countingRandom(),
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
    newId: () => `r${++id}`,
  });
  wallet.model.addPlayer('tok-a', 'a', rupees(1_000));
  return { scheduler, wallet, desk, player: { playerId: 'a', casinoToken: 'tok-a' } };
}

describe('Dice: bet → roll → win, on the player’s own seeds', () => {
  it('each roll takes the next nonce of the player’s pair, pays its win once, and verifies once revealed', async () => {
    const { wallet, desk, player } = setup();
    desk.rotateSeeds('a', 'my-seed');
    const before = desk.publicSeeds('a');
    expect(before).toMatchObject({ clientSeed: 'my-seed', nextNonce: 0 });
    const plays = [];
    for (let i = 0; i < 6; i += 1)
      plays.push(await desk.play(player, { stake: rupees(10), direction: 'under', target: 5_000 }));
    expect(plays.map((p) => p.seeds.nonce)).toEqual([0, 1, 2, 3, 4, 5]);
    const revealed = desk.rotateSeeds('a', 'my-seed-2');
    expect(revealed).toMatchObject({ serverSeedHash: before.serverSeedHash, noncesUsed: 6 });
    let balance = rupees(1_000) as number;
    for (const play of plays) {
      expect(verifyRound('dice', { ...play.seeds, serverSeed: revealed.serverSeed }, play.outcome).ok).toBe(
        true,
      );
      const wins = [...wallet.model.bets.get(play.betId)!.wins.values()];
      expect(wins).toEqual(play.result.payout > 0 ? [play.result.payout] : []);
      expect(play.win).toBe(play.result.payout > 0 ? 'done' : 'none');
      balance += play.result.payout - play.result.stake;
    }
    expect(wallet.model.balanceOf('tok-a')).toBe(balance);
  });

  it('a stake the wallet did not take (or whose outcome is unknown) is rolled back, burns no nonce and rolls nothing', async () => {
    const { scheduler, wallet, desk, player } = setup();
    wallet.script.push('answer-lost', 'lost');
    await expect(
      desk.play(player, { stake: rupees(10), direction: 'over', target: 5_000 }),
    ).rejects.toMatchObject({
      code: 'WALLET_REFUSED',
    });
    await scheduler.advance(1_000);
    expect(desk.outbox.get('dice-r1-R')).toMatchObject({ state: 'done', attempts: 2 });
    expect(wallet.model.reversals.get('dice-r1')).toBe(1);
    await expect(
      desk.play(player, { stake: rupees(2_000), direction: 'over', target: 5_000 }),
    ).rejects.toMatchObject({
      walletError: { kind: 'insufficient-funds', balance: rupees(1_000) },
    });
    expect(desk.publicSeeds('a').nextNonce).toBe(0);
    expect(wallet.model.balanceOf('tok-a')).toBe(rupees(1_000));
  });

  it('a win whose answer is lost is sent again with the same transactionId and paid once', async () => {
    const { scheduler, wallet, desk, player } = setup();
    // Over 2.00 wins 98% of rolls: find the first winning roll with the win's answer lost.
    let play;
    do {
      wallet.script.push('ok', 'answer-lost');
      const pending = desk.play(player, { stake: rupees(10), direction: 'over', target: 200 });
      await scheduler.advance(1_000);
      play = await pending;
      wallet.script.length = 0;
    } while (play.result.payout === 0);
    expect(play.win).toBe('done');
    expect(desk.outbox.get(`${play.betId}-W`)!.attempts).toBe(2);
    expect([...wallet.model.bets.get(play.betId)!.wins.values()]).toEqual([play.result.payout]);
  });
});
