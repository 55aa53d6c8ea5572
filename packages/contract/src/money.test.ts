import { paise } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MoneySchema, NonNegativeMoneySchema, StakeMoneySchema } from './money';

describe('money on the wire', () => {
  it('decodes rupees into exact paise and encodes them back', () => {
    expect(z.decode(MoneySchema, 19.99)).toBe(1999);
    expect(z.decode(MoneySchema, 0.1 + 0.2)).toBe(30);
    expect(z.decode(MoneySchema, -1500)).toBe(-150_000);
    expect(z.encode(MoneySchema, paise(1999))).toBe(19.99);
    expect(z.encode(MoneySchema, paise(-150_000))).toBe(-1500);
  });

  it('round-trips every amount of a range of paise exactly', () => {
    for (let p = -10_000; p <= 10_000; p += 37) {
      expect(z.decode(MoneySchema, z.encode(MoneySchema, paise(p)))).toBe(p);
    }
  });

  it('refuses fractions of a paisa, non-numbers and amounts out of range', () => {
    for (const bad of [1.005, Number.NaN, Number.POSITIVE_INFINITY, '10', null, 1e13, true]) {
      expect(MoneySchema.safeParse(bad).success).toBe(false);
    }
    expect(() => z.encode(MoneySchema, 10.5 as never)).toThrow();
  });

  it('keeps the sign rules of the fields that need them', () => {
    expect(NonNegativeMoneySchema.safeParse(-0.01).success).toBe(false);
    expect(NonNegativeMoneySchema.parse(0)).toBe(0);
  });

  it('takes stakes as whole rupees', () => {
    expect(StakeMoneySchema.parse(100)).toBe(10_000);
    expect(StakeMoneySchema.safeParse(100.5).success).toBe(false);
    expect(StakeMoneySchema.safeParse(0).success).toBe(false);
    expect(z.encode(StakeMoneySchema, paise(10_000))).toBe(100);
  });
});

describe('money in the OpenAPI document', () => {
  it('shows a money field as the rupees that travel, in answers and in bodies', async () => {
    const { buildOpenApiDocument } = await import('./openapi');
    const probe = {
      method: 'POST' as const,
      path: '/Probe/Money',
      auth: 'none' as const,
      tag: 'Probe',
      summary: 'probe',
      body: z.object({ amount: StakeMoneySchema }),
      result: z.object({ balance: MoneySchema, limit: NonNegativeMoneySchema.nullable() }),
    };
    const doc = JSON.stringify(buildOpenApiDocument({ probe }));
    const op = (JSON.parse(doc) as { paths: Record<string, { post: unknown }> }).paths['/Probe/Money'];
    const text = JSON.stringify(op);
    expect(text).toContain('"balance":{"type":"number","description":"Rupees, at most two decimals"}');
    expect(text).toMatch(/"amount":\{"type":"integer"/);
    expect(text).not.toContain('"balance":{}');
  });
});
