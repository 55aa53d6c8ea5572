import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorCode } from '@backlay/contract';
import { AppError } from '@/shared/http/errors';
import { notify } from '@/shared/ui/toast';
import { usePlaceBet } from '../../api/place-bet';
import { quoteFor, watchMarket, type LiveQuote } from '../../lib/live-quote';
import { isLadderMarket, newRequestId, placeBetBody, readStake, stakeLimitMessage } from '../../lib/slip';
import { useBetslipStore } from '../../stores/betslip';

/** A refused bet: the server's own message, and whether the player's own limits refused it. */
export interface SlipRefusal {
  message: string;
  responsibleGaming: boolean;
}

/** Refusals by the player's loss limit, time-out or self-exclusion. */
const RESPONSIBLE_GAMING_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'LOSS_LIMIT_REACHED',
  'PLAYER_TIMED_OUT',
  'PLAYER_SELF_EXCLUDED',
]);

/**
 * Placing the open slip: one attempt at a time with one request id, the server's message on a
 * refusal, the confirm step and the "touched" state that shows field messages. A new selection
 * starts clean; a one-click tap places at once. Placed, the slip shows the order (what matched and
 * what rests). A bookmaker or fancy bet refused because the price moved offers the live price; one
 * refused by the player's own loss limit, time-out or self-exclusion points to responsible gaming.
 */
export function useSlipPlacement() {
  const tap = useBetslipStore((s) => s.tap);
  const oneClickPending = useBetslipStore((s) => s.oneClickPending);
  const mutation = usePlaceBet();
  const [error, setError] = useState<SlipRefusal | null>(null);
  const [newPrice, setNewPrice] = useState<LiveQuote | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const inFlight = useRef(false);
  const watcher = useRef<ReturnType<typeof watchMarket> | null>(null);

  // A new selection starts a clean slip, following its market's live price.
  useEffect(() => {
    setError(null);
    setNewPrice(null);
    setConfirming(false);
    setTouched(false);
    mutation.reset();
    const selection = useBetslipStore.getState().selection;
    if (!selection) return;
    const watch = watchMarket(selection.eventId, selection.marketId);
    watcher.current = watch;
    return () => {
      watch.stop();
      if (watcher.current === watch) watcher.current = null;
    };
    // mutation.reset is stable; `tap` counts the taps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tap]);

  const place = useCallback(async () => {
    const state = useBetslipStore.getState();
    const sel = state.selection;
    if (!sel || inFlight.current) return;
    const r = readStake(state.stakeText);
    if ('error' in r) {
      setTouched(true);
      return;
    }
    if (stakeLimitMessage(r.stake, sel.minStake, sel.maxStake)) {
      setTouched(true);
      return;
    }
    // The same attempt keeps its id, so a double tap or a retry after a lost answer places one bet.
    const requestId = state.requestId ?? newRequestId();
    state.setRequestId(requestId);
    inFlight.current = true;
    setError(null);
    setNewPrice(null);
    setConfirming(false);
    try {
      const result = await mutation.mutateAsync(
        placeBetBody(sel, state.rate, r.stake, requestId, {
          acceptAnyOdds: state.acceptAnyOdds,
          persistence: state.persistence,
        }),
      );
      notify.success(result.message);
      const after = useBetslipStore.getState();
      after.showPlaced({
        selection: { ...sel, rate: state.rate },
        orderId: result.betId,
        status: result.status,
        requestedRate: result.requestedRate,
        matchedStake: result.matchedStake,
        unmatchedStake: result.unmatchedStake,
        fills: result.fills,
        message: result.message,
      });
      after.close();
    } catch (e) {
      setError({
        message: e instanceof Error ? e.message : String(e),
        responsibleGaming: e instanceof AppError && RESPONSIBLE_GAMING_CODES.has(e.code),
      });
      // A refused bet charged nothing: the next attempt is a new bet.
      useBetslipStore.getState().setRequestId(null);
      if (e instanceof AppError && e.code === 'ODDS_CHANGED' && !isLadderMarket(sel.marketType)) {
        const market = await watcher.current?.current().catch(() => undefined);
        const quote = quoteFor(market, sel);
        const still = useBetslipStore.getState().tap === state.tap;
        if (still && quote && (quote.rate !== state.rate || quote.fancyValue !== sel.fancyValue)) {
          setNewPrice(quote);
        }
      }
    } finally {
      inFlight.current = false;
    }
  }, [mutation]);

  /** "Take the new price": the slip asks the live price and places again at once. */
  const takeNewPrice = useCallback(() => {
    if (!newPrice) return;
    useBetslipStore.getState().reprice(newPrice.rate, newPrice.fancyValue);
    setNewPrice(null);
    void place();
  }, [newPrice, place]);

  // One-click betting: the tap itself places the default stake.
  useEffect(() => {
    if (!oneClickPending) return;
    useBetslipStore.getState().clearOneClick();
    void place();
  }, [oneClickPending, place]);

  return {
    pending: mutation.isPending,
    error,
    newPrice,
    takeNewPrice,
    confirming,
    setConfirming,
    touched,
    setTouched,
    place,
  };
}
