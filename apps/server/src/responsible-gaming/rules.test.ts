import { addMonths, RG_PERIODS } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  awaitingConfirmation,
  barBounds,
  barredError,
  CLOCK_SKEW_MS,
  decideLimitChange,
  depositRefusal,
  HOUR_MS,
  inWindow,
  istTime,
  judgeBar,
  lossRefusal,
  netLoss,
  windowStart,
  type PeriodLimits,
} from './rules';

const NOW = new Date('2026-11-26T05:00:00.000Z');
const rupees = (n: number): Paise => paise(n * 100);
const amount = fc.integer({ min: 0, max: 10_000_000 }).map(paise);
const limitOrNone = fc.option(amount, { nil: null });

describe('the rolling windows', () => {
  it('are the last 24 hours, 7 days and 30 days, the start excluded and now included', () => {
    expect(windowStart(NOW, 'day').toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(windowStart(NOW, 'week').toISOString()).toBe('2026-11-19T05:00:00.000Z');
    expect(windowStart(NOW, 'month').toISOString()).toBe('2026-10-27T05:00:00.000Z');
    expect(inWindow(windowStart(NOW, 'day'), NOW, 'day')).toBe(false);
    expect(inWindow(new Date(NOW.getTime() - 24 * HOUR_MS + 1), NOW, 'day')).toBe(true);
    expect(inWindow(NOW, NOW, 'day')).toBe(true);
    expect(inWindow(new Date(NOW.getTime() + 1), NOW, 'day')).toBe(false);
  });

  it('nest: whatever is in the day is in the week, and in the month', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40 * 24 * HOUR_MS, max: 0 }), (offset) => {
        const at = new Date(NOW.getTime() + offset);
        if (inWindow(at, NOW, 'day')) expect(inWindow(at, NOW, 'week')).toBe(true);
        if (inWindow(at, NOW, 'week')) expect(inWindow(at, NOW, 'month')).toBe(true);
      }),
    );
  });

  it('count a net loss, never a win', () => {
    expect(netLoss(rupees(-600))).toBe(rupees(600));
    expect(netLoss(rupees(250))).toBe(0);
    expect(netLoss(paise(0))).toBe(0);
  });
});

describe('changing a limit', () => {
  it('applies a first limit and a decrease at once, cancelling a pending change', () => {
    expect(decideLimitChange(null, null, rupees(5000), NOW)).toEqual({
      action: 'apply',
      cancelsPending: false,
    });
    expect(decideLimitChange(rupees(5000), null, rupees(3000), NOW)).toEqual({
      action: 'apply',
      cancelsPending: false,
    });
    expect(decideLimitChange(rupees(5000), { amount: rupees(8000) }, rupees(3000), NOW)).toEqual({
      action: 'apply',
      cancelsPending: true,
    });
    expect(decideLimitChange(rupees(5000), null, paise(0), NOW)).toEqual({
      action: 'apply',
      cancelsPending: false,
    });
  });

  it('holds an increase or a removal for 24 hours', () => {
    const due = new Date(NOW.getTime() + 24 * HOUR_MS);
    expect(decideLimitChange(rupees(5000), null, rupees(8000), NOW)).toEqual({
      action: 'pend',
      effectiveAt: due,
      replacesPending: false,
    });
    expect(decideLimitChange(rupees(5000), null, null, NOW)).toEqual({
      action: 'pend',
      effectiveAt: due,
      replacesPending: false,
    });
    expect(decideLimitChange(rupees(5000), { amount: rupees(8000) }, rupees(9000), NOW)).toEqual({
      action: 'pend',
      effectiveAt: due,
      replacesPending: true,
    });
    // The same increase again keeps its time: asking twice does not restart the 24 hours.
    expect(decideLimitChange(rupees(5000), { amount: rupees(8000) }, rupees(8000), NOW)).toEqual({
      action: 'keep-pending',
    });
    expect(decideLimitChange(rupees(5000), { amount: null }, null, NOW)).toEqual({ action: 'keep-pending' });
  });

  it('cancels a pending change when the current amount is asked again', () => {
    expect(decideLimitChange(rupees(5000), { amount: rupees(8000) }, rupees(5000), NOW)).toEqual({
      action: 'cancel-pending',
    });
    expect(decideLimitChange(rupees(5000), null, rupees(5000), NOW)).toEqual({ action: 'none' });
    expect(decideLimitChange(null, null, null, NOW)).toEqual({ action: 'none' });
  });

  it('never loosens a limit at once: whatever is asked, what applies now is never above what stood', () => {
    fc.assert(
      fc.property(
        limitOrNone,
        fc.option(fc.record({ amount: limitOrNone }), { nil: null }),
        limitOrNone,
        (current, pending, requested) => {
          const d = decideLimitChange(current, pending, requested, NOW);
          const applied = d.action === 'apply' ? requested : current;
          // null is no limit: the loosest of all.
          if (current !== null) {
            expect(applied).not.toBeNull();
            expect(applied as number).toBeLessThanOrEqual(current);
          }
          if (d.action === 'pend') {
            expect(d.effectiveAt.getTime() - NOW.getTime()).toBe(24 * HOUR_MS);
            expect(requested === null || (current !== null && requested > current)).toBe(true);
          }
        },
      ),
    );
  });

  it('lets a pending change be confirmed once its 24 hours have passed, not before', () => {
    const due = new Date(NOW.getTime() + 24 * HOUR_MS);
    expect(awaitingConfirmation(due, NOW)).toBe(false);
    expect(awaitingConfirmation(due, new Date(due.getTime() - 1))).toBe(false);
    expect(awaitingConfirmation(due, due)).toBe(true);
  });
});

describe('time-out and self-exclusion', () => {
  const hours = (h: number) => new Date(NOW.getTime() + h * HOUR_MS);

  it('takes a time-out from 24 hours to 6 weeks (15 minutes of clock skew either way)', () => {
    expect(judgeBar('time_out', hours(24), null, NOW)).toEqual({ ok: true, changed: true });
    expect(judgeBar('time_out', new Date(hours(24).getTime() - CLOCK_SKEW_MS), null, NOW).ok).toBe(true);
    expect(judgeBar('time_out', new Date(hours(24).getTime() - CLOCK_SKEW_MS - 1), null, NOW)).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(judgeBar('time_out', hours(6 * 7 * 24), null, NOW).ok).toBe(true);
    expect(judgeBar('time_out', new Date(hours(6 * 7 * 24).getTime() + CLOCK_SKEW_MS), null, NOW).ok).toBe(
      true,
    );
    expect(
      judgeBar('time_out', new Date(hours(6 * 7 * 24).getTime() + CLOCK_SKEW_MS + 1), null, NOW),
    ).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      message: 'A time-out lasts from 24 hours to 6 weeks.',
    });
  });

  it('takes a self-exclusion from 6 months to 5 years, in calendar months', () => {
    const { min, max } = barBounds('self_exclusion', NOW);
    expect(min.toISOString()).toBe('2027-05-26T04:45:00.000Z');
    expect(max.toISOString()).toBe('2031-11-26T05:15:00.000Z');
    expect(judgeBar('self_exclusion', addMonths(NOW, 6), null, NOW).ok).toBe(true);
    expect(judgeBar('self_exclusion', addMonths(NOW, 5), null, NOW).ok).toBe(false);
    expect(judgeBar('self_exclusion', new Date(max.getTime() + 1), null, NOW).ok).toBe(false);
  });

  it('adds calendar months, on the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2027-08-31T10:00:00Z'), 6).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 60).toISOString()).toBe('2031-01-15T10:00:00.000Z');
  });

  it('lengthens what is in force; refuses to shorten or lift it; the same end changes nothing', () => {
    const current = hours(48);
    expect(judgeBar('time_out', hours(72), current, NOW)).toEqual({ ok: true, changed: true });
    expect(judgeBar('time_out', current, current, NOW)).toEqual({ ok: true, changed: false });
    const shorter = judgeBar('time_out', hours(30), current, NOW);
    expect(shorter).toMatchObject({ ok: false, code: 'RG_CHANGE_REFUSED' });
    expect(shorter.ok || shorter.message).toBe(
      'Your time-out runs until 28 Nov 2026, 10:30 IST: it cannot be shortened or lifted early, only lengthened. Nothing was changed.',
    );
    // Lifting (an end now, or past) is a shortening too, whatever the bounds say.
    expect(judgeBar('self_exclusion', NOW, addMonths(NOW, 7), NOW)).toMatchObject({
      ok: false,
      code: 'RG_CHANGE_REFUSED',
    });
  });

  it('says until when in India time, self-exclusion before a time-out', () => {
    expect(istTime(NOW)).toBe('26 Nov 2026, 10:30 IST');
    expect(istTime(new Date('2026-12-31T18:45:00Z'))).toBe('1 Jan 2027, 00:15 IST');
    expect(barredError({ excludedUntil: null, timedOutUntil: null })).toBeNull();
    const timedOut = barredError({ excludedUntil: null, timedOutUntil: NOW });
    expect(timedOut?.code).toBe('PLAYER_TIMED_OUT');
    expect(timedOut?.status).toBe(403);
    expect(timedOut?.message).toBe(
      'You are taking a time-out until 26 Nov 2026, 10:30 IST. You can still withdraw.',
    );
    expect(barredError({ excludedUntil: hours(5000), timedOutUntil: NOW })?.code).toBe(
      'PLAYER_SELF_EXCLUDED',
    );
  });
});

describe('the refusals', () => {
  const limits = (day: number | null, week: number | null, month: number | null): PeriodLimits => ({
    day: day === null ? null : rupees(day),
    week: week === null ? null : rupees(week),
    month: month === null ? null : rupees(month),
  });
  const per = (day: number, week: number, month: number) => ({
    day: rupees(day),
    week: rupees(week),
    month: rupees(month),
  });

  it('names the binding deposit period and what is left', () => {
    const refused = depositRefusal(limits(5000, null, null), per(4000, 4000, 4000), rupees(2000));
    expect(refused?.code).toBe('DEPOSIT_LIMIT_REACHED');
    expect(refused?.message).toBe(
      'Your daily deposit limit is ₹5,000; you can deposit ₹1,000 more today. Nothing was changed.',
    );
    expect(depositRefusal(limits(5000, null, null), per(4000, 4000, 4000), rupees(1000))).toBeNull();
    // The lowest applies: the week has less left than the day.
    expect(depositRefusal(limits(5000, 6000, null), per(1000, 5500, 5500), rupees(2000))?.message).toBe(
      'Your weekly deposit limit is ₹6,000; you can deposit ₹500 more this week. Nothing was changed.',
    );
    expect(depositRefusal(limits(null, null, 100), per(0, 0, 100), rupees(1))?.message).toBe(
      'Your monthly deposit limit is ₹100; you can deposit nothing more this month. Nothing was changed.',
    );
  });

  it('refuses a deposit exactly when it would go over some limit', () => {
    fc.assert(
      fc.property(
        fc.record({ day: limitOrNone, week: limitOrNone, month: limitOrNone }),
        fc.record({ day: amount, week: amount, month: amount }),
        fc.integer({ min: 1, max: 10_000_000 }).map(paise),
        (l, used, asked) => {
          const over = RG_PERIODS.some((p) => l[p] !== null && used[p] + asked > (l[p] as number));
          expect(depositRefusal(l, used, asked) !== null).toBe(over);
        },
      ),
    );
  });

  it('judges new risk on what was lost, what is at risk and what is added; a bet that adds none passes', () => {
    const l = limits(1000, null, null);
    expect(lossRefusal(l, per(600, 600, 600), rupees(300), rupees(100), 'bet')).toBeNull();
    const refused = lossRefusal(l, per(600, 600, 600), rupees(300), rupees(101), 'bet');
    expect(refused?.code).toBe('LOSS_LIMIT_REACHED');
    expect(refused?.message).toBe(
      'Your daily loss limit is ₹1,000: you have lost ₹600 today and ₹300 is at risk in open bets, so you can risk ₹100 more. Nothing was changed.',
    );
    expect(lossRefusal(l, per(900, 900, 900), paise(0), rupees(200), 'stake')?.message).toBe(
      'Your daily loss limit is ₹1,000: you have lost ₹900 today, so you can stake ₹100 more. Nothing was changed.',
    );
    // Over the limit already: a hedge (less exposure) is still taken.
    expect(lossRefusal(l, per(5000, 5000, 5000), rupees(500), rupees(-200), 'bet')).toBeNull();
    expect(lossRefusal(l, per(5000, 5000, 5000), rupees(500), 0, 'bet')).toBeNull();
  });
});
