import { paise } from '@backlay/exchange';
import type { Executor } from '../platform/db/database';
import { insertBonusesIfNone, type BonusValues } from './bonus-repository';

/** The demo domains' bonus catalogue: one of each kind, the terms in plain words. */
export const DEMO_BONUSES: readonly BonusValues[] = [
  {
    title: 'Welcome 100% up to ₹5,000',
    description: 'Double your first deposit.',
    kind: 'FirstDeposit',
    percentBps: 100_00,
    amountPaise: null,
    maxAmountPaise: paise(5_000_00),
    minDepositPaise: paise(500_00),
    wageringMultiplier: 5,
    validDays: 14,
    cashbackPeriodDays: 7,
    terms:
      'Deposit at least ₹500 for the first time and claim within 14 days: we add 100% of it, up to ₹5,000, to your bonus balance. Bet 5 times the bonus on settled bets (voided bets do not count) within 14 days and it turns into cash. Bonus money is never staked and your cash stays yours to withdraw at any time; withdrawing while the bonus is active forfeits the bonus only.',
    visible: true,
    active: true,
  },
  {
    title: 'Reload 25% up to ₹2,000',
    description: 'A bonus on every new deposit.',
    kind: 'Reload',
    percentBps: 25_00,
    amountPaise: null,
    maxAmountPaise: paise(2_000_00),
    minDepositPaise: paise(1_000_00),
    wageringMultiplier: 5,
    validDays: 7,
    cashbackPeriodDays: 7,
    terms:
      'Deposit at least ₹1,000 (after your first deposit) and claim within 7 days: we add 25% of it, up to ₹2,000. Bet 5 times the bonus on settled bets within 7 days and it turns into cash. One reload bonus per deposit; your cash is never locked.',
    visible: true,
    active: true,
  },
  {
    title: 'Weekly cashback 10% up to ₹1,000',
    description: 'Get back a tenth of your net losses every week.',
    kind: 'Cashback',
    percentBps: 10_00,
    amountPaise: null,
    maxAmountPaise: paise(1_000_00),
    minDepositPaise: paise(0),
    wageringMultiplier: 1,
    validDays: 7,
    cashbackPeriodDays: 7,
    terms:
      'Once every 7 days: 10% of your net losses on bets settled in the last 7 days (voided bets excluded), up to ₹1,000. Bet the bonus once on settled bets within 7 days and it turns into cash.',
    visible: true,
    active: true,
  },
  {
    title: 'Free ₹100',
    description: 'A free bonus to try the exchange.',
    kind: 'Free',
    percentBps: null,
    amountPaise: paise(100_00),
    maxAmountPaise: paise(100_00),
    minDepositPaise: paise(0),
    wageringMultiplier: 10,
    validDays: 3,
    cashbackPeriodDays: 7,
    terms:
      'Claim ₹100 of bonus money once. Bet 10 times the bonus (₹1,000) on settled bets within 3 days and it turns into cash; otherwise it expires. No deposit needed; your cash is never locked.',
    visible: true,
    active: true,
  },
];

/** The demo catalogue on each demo domain that has no bonuses yet (idempotent). */
export async function seedDemoBonuses(db: Executor, domainIds: readonly number[]): Promise<void> {
  for (const domainId of domainIds) await insertBonusesIfNone(db, domainId, DEMO_BONUSES);
}
