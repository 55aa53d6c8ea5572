// fast-check generators shared by the tests of this workspace; not exported from the package.
import fc from 'fast-check';

const HEX = '0123456789abcdef'.split('');
const CLIENT = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-'.split('');

export const serverSeedArb = fc
  .array(fc.constantFrom(...HEX), { minLength: 64, maxLength: 64 })
  .map((chars) => chars.join(''));

export const clientSeedArb = fc
  .array(fc.constantFrom(...CLIENT), { minLength: 1, maxLength: 32 })
  .map((chars) => chars.join(''));

export const nonceArb = fc.integer({ min: 0, max: 1_000_000 });

/** A float exactly as the stream makes them: a uint32 over 2^32. */
export const floatArb = fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((u) => u / 2 ** 32);
