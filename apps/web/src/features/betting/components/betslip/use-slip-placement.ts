import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@/shared/ui/toast';
import { usePlaceBet } from '../../api/place-bet';
import { newRequestId, placeBetBody, readStake, stakeLimitMessage } from '../../lib/slip';
import { useBetslipStore } from '../../stores/betslip';

/**
 * Placing the open slip: one attempt at a time with one request id, the server's message on a
 * refusal, the confirm step and the "touched" state that shows field messages. A new selection
 * starts clean; a one-click tap places at once.
 */
export function useSlipPlacement() {
  const selection = useBetslipStore((s) => s.selection);
  const oneClickPending = useBetslipStore((s) => s.oneClickPending);
  const mutation = usePlaceBet();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const inFlight = useRef(false);

  // A new selection starts a clean slip.
  useEffect(() => {
    setError(null);
    setConfirming(false);
    setTouched(false);
    mutation.reset();
    // mutation.reset is stable; the selection object identifies the tap.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection]);

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
    setConfirming(false);
    try {
      const result = await mutation.mutateAsync(placeBetBody(sel, state.rate, r.stake, requestId));
      notify.success(result.message);
      useBetslipStore.getState().close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      // A refused bet charged nothing: the next attempt is a new bet.
      useBetslipStore.getState().setRequestId(null);
    } finally {
      inFlight.current = false;
    }
  }, [mutation]);

  // One-click betting: the tap itself places the default stake.
  useEffect(() => {
    if (!oneClickPending) return;
    useBetslipStore.getState().clearOneClick();
    void place();
  }, [oneClickPending, place]);

  return { pending: mutation.isPending, error, confirming, setConfirming, touched, setTouched, place };
}
