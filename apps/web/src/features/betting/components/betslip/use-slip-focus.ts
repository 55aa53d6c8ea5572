import { useEffect } from 'react';
import { useBetslipStore } from '../../stores/betslip';

/**
 * The slip by keyboard alone. A price chosen by keyboard puts the focus in the slip's price field
 * (the stake field for a fancy line, whose price is fixed), wherever the slip sits in the page; when
 * the slip closes and its focused control went with it, the focus goes back to that price.
 */
export function useSlipFocus() {
  const focusSlip = useBetslipStore((s) => s.focusSlip);
  const selection = useBetslipStore((s) => s.selection);
  const open = useBetslipStore((s) => s.selection != null || s.placed != null);

  useEffect(() => {
    if (!focusSlip || !selection) return;
    const fixed = selection.side === 'yes' || selection.side === 'no';
    const field = document.getElementById(fixed ? 'betslip-stake' : 'betslip-odds');
    if (!field) return;
    field.focus();
    useBetslipStore.getState().slipFocused();
  }, [focusSlip, selection]);

  useEffect(() => {
    if (open) return;
    const { opener } = useBetslipStore.getState();
    const at = document.activeElement;
    if (opener?.isConnected && (at == null || at === document.body)) opener.focus();
  }, [open]);
}
