import { paise } from '@backlay/exchange';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlaceBetInputSchema } from './betting';
import {
  MoneySchema,
  moneyToWire,
  NonNegativeMoneySchema,
  StakeMoneySchema,
  WholeRupeesMoneySchema,
} from './money';
import { WalletAdjustmentInputSchema } from './operator';

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

  it('encodes a whole-rupee amount only when the paise are whole rupees', () => {
    expect(z.encode(WholeRupeesMoneySchema, paise(125_000))).toBe(1250);
    expect(() => z.encode(WholeRupeesMoneySchema, paise(125_050))).toThrow();
  });

  it('checks the operator adjustment on paise: non-zero and at most ₹1 crore', () => {
    const amount = (value: unknown) =>
      WalletAdjustmentInputSchema.safeParse({ userId: 1, amount: value, reason: 'why', reference: 'r' });
    expect(amount(12.34).data?.amount).toBe(1234);
    expect(amount(-10_000_000).data?.amount).toBe(-10_000_000_00);
    for (const bad of [0, 10_000_000.01, -10_000_000.01, 12.345]) expect(amount(bad).success).toBe(false);
  });
});

describe('moneyToWire: a body as it travels', () => {
  it('turns the money into rupees and leaves everything else as given, unvalidated', () => {
    const body = { requestId: ' x ', type: 1, rate: 1.8, stake: paise(50_000), runnerId: 11, extra: 'kept' };
    expect(moneyToWire(PlaceBetInputSchema, body)).toEqual({ ...body, stake: 500 });
    // Not whole rupees, or no stake at all: sent for the server to refuse, as before.
    expect(moneyToWire(PlaceBetInputSchema, { stake: 1050 })).toEqual({ stake: 10.5 });
    expect(moneyToWire(PlaceBetInputSchema, { stake: null })).toEqual({ stake: null });
    expect(moneyToWire(PlaceBetInputSchema, { constructor: 1 })).toEqual({ constructor: 1 });
  });

  it('reaches money inside arrays, optional and nullable fields', () => {
    const schema = z.object({
      lines: z.array(z.object({ amount: MoneySchema })),
      limit: NonNegativeMoneySchema.nullable().optional(),
    });
    expect(
      moneyToWire(schema, { lines: [{ amount: paise(1999) }, { amount: paise(-5) }], limit: paise(100) }),
    ).toEqual({ lines: [{ amount: 19.99 }, { amount: -0.05 }], limit: 1 });
    expect(moneyToWire(schema, { lines: [], limit: null })).toEqual({ lines: [], limit: null });
  });

  it('reaches money on either side of an intersection, each field once', () => {
    const schema = z.intersection(
      z.object({ id: z.number(), cap: MoneySchema }),
      z.object({ amount: MoneySchema, note: z.string() }),
    );
    expect(moneyToWire(schema, { id: 7, cap: paise(250), amount: paise(1000), note: 'n' })).toEqual({
      id: 7,
      cap: 2.5,
      amount: 10,
      note: 'n',
    });
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

  it('shows a whole-rupee amount in an answer as the integer that travels', async () => {
    const { buildOpenApiDocument } = await import('./openapi');
    const doc = JSON.stringify(buildOpenApiDocument());
    expect(doc).toContain(
      '"stake":{"type":"integer","minimum":0,"exclusiveMinimum":true,"maximum":9007199254740991,"description":"Whole rupees"}',
    );
  });
});
