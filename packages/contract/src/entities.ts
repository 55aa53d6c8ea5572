import { z } from 'zod';
import { MoneySchema } from './money';
import { intField, optionalStringField } from './fields';

export const STAKE_TITLE_MESSAGE = 'A stake label may only use letters, digits, spaces and . , + ₹';

/**
 * A quick-stake button of the betslip: value in whole rupees. The label is shown on every betslip,
 * so markup and quotes are refused rather than stored.
 */
export const StakeButtonSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1)
    .max(12)
    .regex(/^[\p{L}\p{N} .,+₹]+$/u, STAKE_TITLE_MESSAGE),
  value: intField.min(1).max(10_000_000),
});
export type StakeButton = z.infer<typeof StakeButtonSchema>;

export const DEFAULT_STAKE_BUTTONS: StakeButton[] = [
  { title: '100', value: 100 },
  { title: '500', value: 500 },
  { title: '1k', value: 1000 },
  { title: '2k', value: 2000 },
  { title: '3k', value: 3000 },
  { title: '4k', value: 4000 },
  { title: '5k', value: 5000 },
  { title: '6k', value: 6000 },
];
export const STAKE_BUTTON_COUNT = 8;

/** An event as listed in the sport tree (section 3). */
export const TreeEventSchema = z.object({
  id: intField,
  title: z.string(),
  status: z.string(),
  matchDate: z.string(),
  startTime: z.string(),
  sportId: intField,
  sportName: z.string(),
  team1: optionalStringField,
  team2: optionalStringField,
  competition: optionalStringField,
  videoURL: optionalStringField,
  pin: z.boolean().optional(),
});
export type TreeEvent = z.infer<typeof TreeEventSchema>;

export const SportTreeEntrySchema = z.object({
  id: intField,
  /** The family's lower-case name (SPORT_KEYS: `cricket`, `horseracing`). */
  name: z.string(),
  /** The name people read (SPORT_NAMES: `Cricket`, `Horse Racing`); always sent by this server. */
  displayName: optionalStringField,
  order: intField,
  events: z.array(TreeEventSchema),
});
export type SportTreeEntry = z.infer<typeof SportTreeEntrySchema>;

/** What the client keeps as user info beside the tokens. */
export const UserInfoSchema = z.object({
  userId: intField,
  userName: z.string(),
  isDemo: z.boolean(),
  balance: MoneySchema,
  exposure: MoneySchema,
  football: z.boolean(),
  tennis: z.boolean(),
  cricket: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;
