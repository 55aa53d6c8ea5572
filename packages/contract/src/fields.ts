import { z } from 'zod';

/*
 * Field schemas that many of the contract's shapes share, built once. Zod builds a schema for
 * `z.number()` and another for each call chained to it (`.int()`, `.nonnegative()`, ...) when the
 * module that declares it is evaluated: the same chains written out in every shape cost the web
 * client hundreds of schema builds at start-up, a long task on a phone. A schema is immutable, so
 * one instance serves every shape (and its JSON schema in the API docs is the same inlined).
 */

/** A whole number (a safe integer). */
export const intField = z.number().int();
/** A whole number, zero or more. */
export const nonNegativeIntField = intField.nonnegative();
/** A whole number, one or more. */
export const positiveIntField = intField.positive();
/** A whole number or null. */
export const nullableIntField = intField.nullable();
/** Text or null. */
export const nullableStringField = z.string().nullable();
/** Text, or nothing. */
export const optionalStringField = z.string().optional();
