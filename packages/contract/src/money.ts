import { isPaise, MAX_PAISE, paise, paiseToRupees, type Paise } from '@backlay/exchange';
import { z } from 'zod';

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

/** A stake: whole rupees on the wire (as the betslip's buttons are), `Paise` inside. */
export const StakeMoneySchema = z.codec(
  z
    .number({ error: 'Stake must be a number of rupees' })
    .int('Stakes are whole rupees')
    .positive('Stake must be more than zero')
    .max(10_000_000, 'Stake is too large'),
  PaiseSchema,
  {
    decode: toPaise,
    encode: (amount) => paiseToRupees(amount),
  },
);
