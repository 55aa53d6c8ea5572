import { createHash, randomUUID } from 'node:crypto';
import { PlaceBetInputSchema, type PlaceBetV1Input } from '@backlay/contract';
import { toValidationError } from '../platform/http/define-route';
import type { PlaceBetBody } from './market-checks';

/*
 * Bet/PlaceBet, the V1 body (api-shapes.md part A), read as the PlaceBetV2 body it means and then
 * parsed by PlaceBetV2's own schema: the bet goes down the one placement path (bet-service.ts) with
 * the same checks, ledger and answers. Only what V1 lacks or types otherwise is decided here.
 */

/** Text holding a plain decimal number ("2", "1.85", " 500 "): a V1 client may send form text. */
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
const asNumber = (v: unknown): unknown => (typeof v === 'string' && NUMERIC_TEXT.test(v) ? Number(v) : v);

/**
 * A market id sent as a number (a client that did `parseFloat(marketId)`) names the market whose id
 * reads as that number: `String(n)`, exactly, since every market id reads back unchanged
 * (feed-simulator ids.ts). An id that lost its trailing zeros that way names no market (404), never
 * another one.
 */
export function marketIdOfV1(marketId: string | number): string {
  return typeof marketId === 'number' ? String(marketId) : marketId;
}

/**
 * V1 sends no requestId. With a `placeTime` the bet's request id is derived from the whole body, so
 * the same body sent again with the same placeTime is the same bet (answered 409 DUPLICATE_REQUEST,
 * nothing placed twice, as PlaceBetV2 does for a reused requestId); without one every call is a new
 * request. Request ids are per player, so two players' identical bodies never meet.
 */
export function requestIdOfV1(body: PlaceBetV1Input): string {
  if (body.placeTime === null || body.placeTime === undefined || body.placeTime === '') {
    return `v1-${randomUUID().replaceAll('-', '')}`;
  }
  const fields = [
    body.placeTime,
    body.type,
    body.rate,
    body.stake,
    body.fancyValue ?? null,
    body.runnerId ?? null,
    marketIdOfV1(body.marketId),
    body.eventId,
  ].map((v) => asNumber(v));
  return `v1t-${createHash('sha256').update(JSON.stringify(fields)).digest('base64url')}`;
}

/** The PlaceBetV2 body a V1 body means, parsed (and refused) by PlaceBetV2's schema. */
export function placeBetBodyOfV1(body: PlaceBetV1Input): PlaceBetBody {
  const type = asNumber(body.type);
  const fancy = type === 3 || type === 4;
  const wire = {
    requestId: requestIdOfV1(body),
    type,
    rate: asNumber(body.rate),
    stake: asNumber(body.stake),
    // A yes or no bet names its market and line, not a runner; a back or lay bet has no line.
    fancyValue: fancy ? asNumber(body.fancyValue ?? null) : null,
    runnerId: fancy ? null : asNumber(body.runnerId ?? null),
    marketId: marketIdOfV1(body.marketId),
    eventId: asNumber(body.eventId),
  };
  const parsed = PlaceBetInputSchema.safeParse(wire);
  if (!parsed.success) throw toValidationError(parsed.error);
  return parsed.data;
}
