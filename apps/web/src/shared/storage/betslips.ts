import { STORAGE_KEYS, type StakeButton } from '@backlay/contract';
import { paiseToRupees, rupeesToPaise } from '@backlay/exchange';
import type { PriceSelection } from '../market/selection';
import { storage } from './storage';

/**
 * The 'betslips' key. It first held only the quick-stake buttons as a JSON array
 * (`[{ title, value }]`); it now holds an object with those buttons beside the open slip and the
 * one-click setting. Both forms are read, so buttons saved by an older client are kept. The slip's
 * stake limits are paise in the app and rupees in the key, as they always were there.
 */
export interface StoredSlip extends PriceSelection {
  /** The stake field's whole rupees as typed or picked; null when the player has not chosen one yet. */
  stake: number | null;
}
export interface OneClickSetting {
  enabled: boolean;
  /** Whole rupees placed at once by a tap when enabled. */
  stake: number;
}
/** The slip's order options: take any price on offer, and what an unmatched rest does in play. */
export interface SlipOptions {
  acceptAnyOdds: boolean;
  persistence: 'cancel' | 'keep';
}
export interface BetslipsValue {
  stakes: StakeButton[] | null;
  slip: StoredSlip | null;
  oneClick: OneClickSetting;
  options: SlipOptions;
}

export const DEFAULT_ONE_CLICK: OneClickSetting = { enabled: false, stake: 100 };
export const DEFAULT_SLIP_OPTIONS: SlipOptions = { acceptAnyOdds: false, persistence: 'cancel' };

const isObject = (v: unknown): v is Record<string, unknown> => v != null && typeof v === 'object';

function readStakes(value: unknown): StakeButton[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const valid = value.filter(
    (s): s is StakeButton => isObject(s) && typeof s.title === 'string' && typeof s.value === 'number',
  );
  return valid.length > 0 ? valid : null;
}

const SIDES = ['back', 'lay', 'yes', 'no'];
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readSlip(value: unknown): StoredSlip | null {
  if (!isObject(value)) return null;
  const ok =
    num(value.eventId) &&
    typeof value.eventTitle === 'string' &&
    typeof value.marketId === 'string' &&
    typeof value.marketName === 'string' &&
    typeof value.marketType === 'string' &&
    typeof value.side === 'string' &&
    SIDES.includes(value.side) &&
    (value.runnerId === null || num(value.runnerId)) &&
    typeof value.selectionName === 'string' &&
    num(value.rate) &&
    (value.fancyValue === null || num(value.fancyValue)) &&
    num(value.betDelayMs) &&
    num(value.minStake) &&
    num(value.maxStake) &&
    (value.stake === null || num(value.stake));
  if (!ok) return null;
  try {
    const limits = {
      minStake: rupeesToPaise(Number(value.minStake)),
      maxStake: rupeesToPaise(Number(value.maxStake)),
    };
    return { ...(value as unknown as StoredSlip), ...limits };
  } catch {
    // Limits that are not amounts: the slip is unreadable.
    return null;
  }
}

/** The slip as the key keeps it: limits in rupees. */
function slipInStorage(slip: StoredSlip) {
  return { ...slip, minStake: paiseToRupees(slip.minStake), maxStake: paiseToRupees(slip.maxStake) };
}

function readOneClick(value: unknown): OneClickSetting {
  if (!isObject(value) || typeof value.enabled !== 'boolean' || !num(value.stake)) return DEFAULT_ONE_CLICK;
  return { enabled: value.enabled, stake: value.stake };
}

function readOptions(value: unknown): SlipOptions {
  if (!isObject(value)) return DEFAULT_SLIP_OPTIONS;
  return {
    acceptAnyOdds: value.acceptAnyOdds === true,
    persistence: value.persistence === 'keep' ? 'keep' : 'cancel',
  };
}

/** Reads either form of the key; anything unreadable counts as absent. */
export function parseBetslips(raw: unknown): BetslipsValue {
  const none = { slip: null, oneClick: DEFAULT_ONE_CLICK, options: DEFAULT_SLIP_OPTIONS };
  if (Array.isArray(raw)) return { ...none, stakes: readStakes(raw) };
  if (!isObject(raw)) return { ...none, stakes: null };
  return {
    stakes: readStakes(raw.stakes),
    slip: readSlip(raw.slip),
    oneClick: readOneClick(raw.oneClick),
    options: readOptions(raw.options),
  };
}

export function readBetslips(): BetslipsValue {
  return parseBetslips(storage.getJson<unknown>(STORAGE_KEYS.betslips));
}

/** Changes some parts of the key and keeps the rest. */
export function writeBetslips(change: Partial<BetslipsValue>): BetslipsValue {
  const next = { ...readBetslips(), ...change };
  storage.setJson(STORAGE_KEYS.betslips, { ...next, slip: next.slip && slipInStorage(next.slip) });
  return next;
}
