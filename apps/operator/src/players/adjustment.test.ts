import { paise } from '@backlay/exchange';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cashAfter,
  debitable,
  describeAdjustment,
  newReference,
  readRupees,
  signedAmount,
} from './adjustment';

describe('reading an adjustment amount', () => {
  it('reads rupees with up to two decimals as exact paise', () => {
    expect(readRupees('500')).toEqual({ amount: 50000 });
    expect(readRupees(' 1,500.5 ')).toEqual({ amount: 150050 });
    expect(readRupees('0.29')).toEqual({ amount: 29 });
    expect(readRupees('1,00,00,000')).toEqual({ amount: 10_000_000_00 });
  });

  it('says what is wrong in words', () => {
    expect(readRupees('')).toEqual({ error: 'Enter the amount in rupees' });
    expect(readRupees('-5')).toEqual({ error: 'Enter the amount without a sign: choose Credit or Debit' });
    expect(readRupees('1.005')).toEqual({ error: 'At most two decimals (paise)' });
    expect(readRupees('12abc')).toEqual({ error: 'Enter the amount in rupees, digits only (e.g. 1500.50)' });
    expect(readRupees('1e3')).toEqual({ error: 'Enter the amount in rupees, digits only (e.g. 1500.50)' });
    expect(readRupees('0.00')).toEqual({ error: 'The amount must be more than zero' });
    expect(readRupees('10000000.01')).toEqual({
      error: 'The most one adjustment may move is ₹1,00,00,000.00',
    });
    expect(readRupees('99999999999999999999')).toEqual({
      error: 'The most one adjustment may move is ₹1,00,00,000.00',
    });
  });
});

describe('an adjustment’s figures', () => {
  it('debits at most the cash open bets do not hold', () => {
    expect(debitable({ cash: paise(125050), exposure: paise(30000) })).toBe(95050);
    expect(debitable({ cash: paise(10000), exposure: paise(30000) })).toBe(0);
  });

  it('signs the amount and works out the cash after', () => {
    expect(signedAmount('credit', paise(500))).toBe(500);
    expect(signedAmount('debit', paise(500))).toBe(-500);
    expect(cashAfter(paise(125050), 'credit', paise(50000))).toBe(175050);
    expect(cashAfter(paise(125050), 'debit', paise(50000))).toBe(75050);
  });

  it('reads as the confirmation says it', () => {
    expect(describeAdjustment('credit', paise(50000), 'rahul_k')).toBe('Credit ₹500.00 to rahul_k');
    expect(describeAdjustment('debit', paise(50000), 'rahul_k')).toBe('Debit ₹500.00 from rahul_k');
  });
});

describe('an adjustment’s reference', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a new UUID each time', () => {
    const a = newReference();
    expect(a).toMatch(UUID_V4);
    expect(newReference()).not.toBe(a);
  });

  it('is made from random bytes where randomUUID is missing (plain HTTP)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => b.fill(0xff) });
    expect(newReference()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
