import { isPaise, MAX_PAISE, paise, paiseToRupees, type Paise } from '@backlay/exchange';
import { z } from 'zod';
import { positiveIntField } from './fields';

/*
 * Money at the edge of the wire. Amounts travel as JSON numbers of rupees with at most two
 * decimals; inside, on the server and in the client alike, they are integer paise with the `Paise`
 * brand. The codecs below turn one into the other: parsing (decoding) a request or an answer yields
 * paise, encoding an answer yields rupees, so a handler never sees rupees and never divides by 100.
 */

const hasTwoDecimalsAtMost = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** The refinements have checked the amount is within a millionth of a whole number of paise. */
const toPaise = (rupees: number): Paise => paise(Math.round(rupees * 100));

/** A wire amount: a finite number of rupees, at most two decimals, within the paise range. */
const WireRupeesSchema = z
  .number({ error: 'Amounts are numbers of rupees' })
  .refine((n) => Number.isFinite(n) && hasTwoDecimalsAtMost(n), {
    message: 'Amounts have at most two decimals',
  })
  .refine((n) => Math.abs(n) <= MAX_PAISE / 100, { message: 'The amount is out of range' });

export const PaiseSchema = z.custom<Paise>(isPaise, { message: 'Amounts are whole paise within range' });

/** Money: rupees on the wire, `Paise` inside. */
export const MoneySchema = z.codec(WireRupeesSchema, PaiseSchema, {
  decode: toPaise,
  encode: (amount) => paiseToRupees(amount),
});

/** Money that is never negative (stake limits, sizes). */
export const NonNegativeMoneySchema = MoneySchema.refine((p) => p >= 0, {
  message: 'Amounts are not negative',
});

/** Money that is more than zero. */
export const PositiveMoneySchema = MoneySchema.refine((p) => p > 0, { message: 'Sizes are positive' });

/** Whole rupees on the wire, `Paise` inside: encoding paise that are not whole rupees fails. */
const wholeRupeesCodec = (wire: z.ZodNumber) =>
  z.codec(wire, PaiseSchema, {
    decode: toPaise,
    encode: (amount) => paiseToRupees(amount),
  });

/** A stake: whole rupees on the wire (as the betslip's buttons are), `Paise` inside. */
export const StakeMoneySchema = wholeRupeesCodec(
  z
    .number({ error: 'Stake must be a number of rupees' })
    .int('Stakes are whole rupees')
    .positive('Stake must be more than zero')
    .max(10_000_000, 'Stake is too large'),
);

/** A positive whole-rupee amount the server works out (a cash-out hedge's stake), `Paise` inside. */
export const WholeRupeesMoneySchema = wholeRupeesCodec(positiveIntField);

/** The parts of a schema's definition the wire walk below looks at. */
interface WalkedDef {
  type: string;
  out?: unknown;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/**
 * A value (parsed, money in `Paise`) as the wire carries it: every money codec inside `schema` (an
 * object's fields, array items, optional, nullable or defaulted ones) turns its paise into rupees
 * as the codec's encode does; everything else passes as given. Nothing is validated, stripped or
 * trimmed, so a client sends what it sent before money was typed, and the server judges it as it
 * always has (a full `z.encode` would refuse a body the server is meant to answer).
 */
export function moneyToWire(schema: z.core.$ZodType, value: unknown): unknown {
  const def = schema._zod.def as WalkedDef;
  if (def.type === 'pipe') {
    return def.out === PaiseSchema && typeof value === 'number' ? paiseToRupees(value as Paise) : value;
  }
  if (
    def.type === 'object' &&
    def.shape &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    const shape = def.shape;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        Object.hasOwn(shape, key) ? moneyToWire(shape[key] as z.core.$ZodType, v) : v,
      ]),
    );
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.map((v) => moneyToWire(element, v));
  }
  if (WRAPPERS.has(def.type) && def.innerType && value !== null && value !== undefined) {
    return moneyToWire(def.innerType, value);
  }
  // `a & b` (PUT /admin/bonuses: `{ id } & definition`): each side's money, each field once.
  if (def.type === 'intersection' && def.left && def.right) {
    const left = moneyToWire(def.left, value);
    const right = moneyToWire(def.right, value);
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return left !== value ? left : right;
    const l = left as Record<string, unknown>;
    const r = right as Record<string, unknown>;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, l[key] !== v ? l[key] : r[key]]));
  }
  return value;
}
