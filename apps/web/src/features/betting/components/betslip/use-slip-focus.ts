import { useEffect } from 'react';
import { useUiStore } from '@/shared/stores/ui';
import { useBetslipStore } from '../../stores/betslip';

/**
 * The slip in the player's view. Every tap of a price brings the slip into view: on wide screens it
 * heads the markets' side column, which scrolls away under the event's strip on a long page (its
 * scroll margin, betting.css, stops it below the strip); on narrower ones it is a sheet over the
 * page, always in view. Not with one-click on: the tap places at once and the page stays where
 * the player is tapping.
 *
 * The slip by keyboard alone. A price chosen by keyboard puts the focus in the slip's price field
 * (the stake field for a fancy line, whose price is fixed), wherever the slip sits in the page; when
 * the slip closes and its focused control went with it, the focus goes back to that price.
 */
export function useSlipFocus() {
  const focusSlip = useBetslipStore((s) => s.focusSlip);
  const selection = useBetslipStore((s) => s.selection);
  const tap = useBetslipStore((s) => s.tap);
  const open = useBetslipStore((s) => s.selection != null || s.placed != null);

  useEffect(() => {
    // 0: the slip as restored with the page, not a tap.
    if (tap === 0 || useUiStore.getState().oneClick.enabled) return;
    const slip = document.querySelector<HTMLElement>('.betslip--open');
    if (!slip) return;
    const style = getComputedStyle(slip);
    if (style.position === 'fixed') return;
    // Its top under the strip: the top comes first (the selection, odds and stake), even when the
    // whole slip is taller than the room below the strip ('nearest' would then show its bottom).
    const hidden = slip.getBoundingClientRect().top < (parseFloat(style.scrollMarginTop) || 0);
    // jsdom has no scrollIntoView.
    slip.scrollIntoView?.({ block: hidden ? 'start' : 'nearest' });
  }, [tap]);

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
