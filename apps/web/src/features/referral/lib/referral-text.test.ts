import { describe, expect, it } from 'vitest';
import { paise } from '@backlay/exchange';
import {
  capReached,
  capText,
  claimedThisMonthText,
  programmeSteps,
  programmeText,
  progressPercent,
  statusLabel,
  type Programme,
} from './referral-text';

const programme = (over: Partial<Programme> = {}): Programme => ({
  reward: paise(10_000),
  depositRequired: paise(50_000),
  turnoverRequired: paise(100_000),
  monthlyCap: 5,
  claimedThisMonth: 0,
  ...over,
});

describe('referral text', () => {
  it('says the rule with only what the programme asks', () => {
    expect(programmeText(programme())).toBe('Earn ₹100 for each friend who deposits ₹500 and bets ₹1,000');
    expect(programmeText(programme({ turnoverRequired: paise(0) }))).toBe(
      'Earn ₹100 for each friend who deposits ₹500',
    );
    expect(programmeText(programme({ depositRequired: paise(0), reward: paise(12_550) }))).toBe(
      'Earn ₹125.5 for each friend who bets ₹1,000',
    );
    expect(programmeText(programme({ depositRequired: paise(0), turnoverRequired: paise(0) }))).toBe(
      'Earn ₹100 for each friend who signs up with your code',
    );
    expect(programmeSteps(programme({ depositRequired: paise(0), turnoverRequired: paise(0) }))[2]).toBe(
      'Then claim your ₹100 here. It is paid to your cash.',
    );
  });

  it("counts the month's rewards against the cap", () => {
    expect(capText(programme())).toBe('Up to 5 rewards a month');
    expect(capText(programme({ monthlyCap: 1 }))).toBe('Up to 1 reward a month');
    expect(capText(programme({ monthlyCap: 0 }))).toBe('No rewards can be claimed at the moment');
    expect(claimedThisMonthText(programme({ claimedThisMonth: 3 }))).toBe(
      '3 of 5 rewards claimed this month',
    );
    expect(capReached(programme({ claimedThisMonth: 4 }))).toBe(false);
    expect(capReached(programme({ claimedThisMonth: 5 }))).toBe(true);
    expect(capReached(programme({ monthlyCap: 0 }))).toBe(true);
  });

  it('measures progress within 0 to 100 percent, nothing asked being done', () => {
    expect(progressPercent(paise(25_000), paise(100_000))).toBe(25);
    expect(progressPercent(paise(0), paise(100_000))).toBe(0);
    expect(progressPercent(paise(150_000), paise(100_000))).toBe(100);
    expect(progressPercent(paise(0), paise(0))).toBe(100);
  });

  it('calls a held referral "Under review" and the others by their state', () => {
    expect(statusLabel({ status: 'Pending', underReview: true })).toBe('Under review');
    expect(statusLabel({ status: 'Pending', underReview: false })).toBe('Pending');
    expect(statusLabel({ status: 'Claimable', underReview: false })).toBe('Claimable');
    expect(statusLabel({ status: 'Rejected', underReview: false })).toBe('Rejected');
  });
});
