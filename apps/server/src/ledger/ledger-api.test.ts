import { randomBytes } from 'node:crypto';
import { paise, type Paise } from '@backlay/exchange';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, openSeededTestDatabase } from '../../test/harness';
import { insertUser } from '../account/user-repository';
import type { Database } from '../platform/db/database';
import { DomainEvents, type DomainEvent } from '../platform/events/domain-events';
import { AppError } from '../platform/http/app-error';
import { Ledger } from './ledger';
import { WalletNotifier } from './wallet-notifier';

const silentLog = { error: () => undefined } as never;

describe.each(backends)('Ledger: the only writer of money (%s)', (backend) => {
  let database: Database;
  let ledger: Ledger;
  let domainId: number;
  const pushes: { userId: number; Balance: number; Exposure: number }[] = [];
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    ({ database, domainId } = await openSeededTestDatabase(backend));
    const notifier = new WalletNotifier(database.db, () => undefined, 0);
    notifier.subscribe((userId, data) => pushes.push({ userId, ...data }));
    const domainEvents = new DomainEvents(() => undefined);
    for (const type of ['WalletChanged', 'BetSettled', 'DepositCredited'] as const) {
      domainEvents.on(type, (e) => void events.push(e));
    }
    ledger = new Ledger(database.db, notifier, domainEvents, silentLog);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Long enough for a push that should not come to have come (a push that should is awaited). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  /** Until `check` passes: a push is read after the commit, later on a loaded machine. */
  const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 });

  /** A player with a wallet holding `cash` paise, funded from the house. */
  async function player(cash: number): Promise<number> {
    const { id: userId } = await insertUser(database.db, {
      domainId,
      userName: `ledger_${randomBytes(4).toString('hex')}`,
      passwordHash: 'not-a-real-hash',
      status: 'active',
      referralCode: randomBytes(6).toString('hex').toUpperCase(),
    });
    await ledger.transaction(async (money) => {
      const account = await money.openWallet(userId, domainId);
      if (cash > 0) {
        await money.post({
          domainId,
          kind: 'adjustment',
          reference: `fund:${userId}`,
          description: 'test funding',
          lines: [
            { account, amount: paise(cash) },
            { account: await money.houseAccount(domainId, 'HOUSE_CASH'), amount: paise(-cash) },
          ],
        });
      }
    });
    await settle();
    return userId;
  }

  it("many players' pushes at once are read together, each with its own wallet as it is after its change", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => player(1_000 + i)));
    const reads: number[] = [];
    const counting = new WalletNotifier(
      new Proxy(database.db, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (key === 'execute' && typeof value === 'function') {
            return (...args: unknown[]) => {
              reads.push(1);
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return value;
        },
      }),
      () => undefined,
      0,
    );
    const seen = new Map<number, number>();
    counting.subscribe((userId, data) => seen.set(userId, data.Balance));
    for (const userId of users) counting.changed(userId);
    await eventually(() =>
      expect(new Map([...seen].filter(([id]) => users.includes(id)))).toEqual(
        new Map(users.map((id, i) => [id, 1_000 + i])),
      ),
    );
    // The first read went alone; the eleven that came while it ran went together in one more.
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('pushes each changed wallet once after the commit, and publishes the events raised', async () => {
    const userId = await player(10_000);
    pushes.length = 0;
    events.length = 0;
    await ledger.transaction(async (money) => {
      const wallet = await money.wallet(userId, { forUpdate: true });
      const house = await money.houseAccount(domainId, 'HOUSE_CASH');
      for (const n of [1, 2]) {
        await money.post({
          domainId,
          kind: 'adjustment',
          reference: `twice:${userId}:${n}`,
          description: 'two journals, one wallet',
          lines: [
            { account: wallet.cash, amount: paise(100) },
            { account: house, amount: paise(-100) },
          ],
        });
      }
      await money.reserveExposure(userId, paise(500));
      // Nothing is announced before the commit.
      expect(pushes).toEqual([]);
      money.raise({ type: 'DepositCredited', userId, domainId, amountPaise: paise(200), reference: 'x' });
    });
    await eventually(() =>
      expect(pushes).toEqual([{ userId, Balance: 10_200, Exposure: 500, BonusBalance: 0 }]),
    );
    expect(events).toEqual([
      { type: 'WalletChanged', userId },
      { type: 'DepositCredited', userId, domainId, amountPaise: 200, reference: 'x' },
    ]);
  });

  it('announces nothing when the transaction rolls back, and moves nothing', async () => {
    const userId = await player(10_000);
    pushes.length = 0;
    events.length = 0;
    await expect(
      ledger.transaction(async (money) => {
        const wallet = await money.wallet(userId, { forUpdate: true });
        await money.post({
          domainId,
          kind: 'adjustment',
          reference: `rolled-back:${userId}`,
          description: 'rolled back',
          lines: [
            { account: wallet.cash, amount: paise(100) },
            { account: await money.houseAccount(domainId, 'HOUSE_CASH'), amount: paise(-100) },
          ],
        });
        money.raise({ type: 'WalletChanged', userId });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await settle();
    expect(pushes).toEqual([]);
    expect(events).toEqual([]);
    expect((await ledger.wallet(userId)).balancePaise).toBe(10_000);
  });

  it('refuses a journal that does not balance before it reaches the database', async () => {
    const userId = await player(1_000);
    await expect(
      ledger.transaction(async (money) => {
        const wallet = await money.wallet(userId);
        await money.post({
          domainId,
          kind: 'adjustment',
          reference: `unbalanced:${userId}`,
          description: 'unbalanced',
          lines: [
            { account: wallet.cash, amount: paise(100) },
            { account: await money.houseAccount(domainId, 'HOUSE_CASH'), amount: paise(-99) },
          ],
        });
      }),
    ).rejects.toThrow(/does not balance/);
    expect((await ledger.wallet(userId)).balancePaise).toBe(1_000);
  });

  it('holds funds out of the available balance, and gives them back or pays them out', async () => {
    const userId = await player(10_000);
    await ledger.transaction((money) => money.reserveExposure(userId, paise(3_000)));
    const hold = (amount: number, reference: string) =>
      ledger.transaction((money) =>
        money.hold({ userId, amount: paise(amount), reference, description: 'withdrawal requested' }),
      );
    // 10,000 cash − 3,000 exposure = 7,000 available.
    const refused = await hold(7_001, `too-much:${userId}`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('INSUFFICIENT_FUNDS');
    await hold(4_000, `w1:${userId}`);
    // The same hold again moves nothing.
    expect((await hold(4_000, `w1:${userId}`)).created).toBe(false);
    const heldNow = () => ledger.transaction((money) => money.heldBalance(userId));
    expect((await ledger.wallet(userId)).balancePaise).toBe(6_000);
    expect(await heldNow()).toBe(4_000);

    await ledger.transaction((money) =>
      money.releaseHold({
        userId,
        amount: paise(1_500),
        reference: `r1:${userId}`,
        description: 'cancelled',
      }),
    );
    expect((await ledger.wallet(userId)).balancePaise).toBe(7_500);
    expect(await heldNow()).toBe(2_500);

    await ledger.transaction((money) =>
      money.settleHold({
        userId,
        amount: paise(2_500),
        to: 'PAYMENTS_CLEARING',
        kind: 'withdrawal',
        reference: `p1:${userId}`,
        description: 'paid',
      }),
    );
    expect(await heldNow()).toBe(0);
    expect((await ledger.wallet(userId)).balancePaise).toBe(7_500);
  });

  it('two holds at once that together exceed the available balance: one is refused', async () => {
    const userId = await player(5_000);
    const attempt = (n: number) =>
      ledger
        .transaction((money) =>
          money.hold({ userId, amount: paise(3_000), reference: `race:${userId}:${n}`, description: 'race' }),
        )
        .then(
          () => 'held',
          (e: unknown) => (e instanceof AppError ? e.code : String(e)),
        );
    const outcomes = await Promise.all([attempt(1), attempt(2)]);
    expect(outcomes.sort()).toEqual(['INSUFFICIENT_FUNDS', 'held']);
    expect((await ledger.wallet(userId)).balancePaise).toBe(2_000);
  });

  it('reserves and releases exposure; never below zero', async () => {
    const userId = await player(1_000);
    await ledger.transaction((money) => money.reserveExposure(userId, paise(700)));
    expect((await ledger.wallet(userId)).exposurePaise).toBe(700);
    await ledger.transaction((money) => money.releaseExposure(userId, paise(200)));
    expect((await ledger.wallet(userId)).exposurePaise).toBe(500);
    await expect(ledger.transaction((money) => money.releaseExposure(userId, paise(501)))).rejects.toThrow();
    expect((await ledger.wallet(userId)).exposurePaise).toBe(500);
    const negative = -1 as Paise;
    await expect(ledger.transaction((money) => money.reserveExposure(userId, negative))).rejects.toThrow();
  });
});
