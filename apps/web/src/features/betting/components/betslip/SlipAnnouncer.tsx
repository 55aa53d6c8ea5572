import { useCallback, useEffect, useRef, useState } from 'react';
import type { OddsMarket } from '@backlay/contract';
import { t } from '../../i18n';
import { quoteFor, watchMarket } from '../../lib/live-quote';
import { orderStatusText } from '../../lib/order-status';
import { formatRate } from '../../lib/slip';
import type { PriceSelection } from '@/shared/market/selection';
import { useBetslipStore } from '../../stores/betslip';

/** At most one price announcement in this time: a busy market must not talk over everything. */
export const ANNOUNCE_GAP_MS = 2000;

/** The selection's state in a pushed market: a key that changes when what is said changes, and the words. */
function liveState(market: OddsMarket, selection: PriceSelection): { key: string; text: string } {
  if (market.status === 'BALL_RUNNING') return { key: 'ball', text: t('betting.announce.ballRunning') };
  const runner = market.type === 'FANCY' ? null : market.runners.find((r) => r.id === selection.runnerId);
  if (market.status !== 'OPEN' || (runner != null && runner.status !== 'ACTIVE'))
    return { key: 'off', text: t('betting.announce.suspended') };
  const quote = quoteFor(market, selection);
  if (!quote) return { key: 'none', text: t('betting.announce.noPrice') };
  const rate = formatRate(selection.marketType, quote.rate);
  return {
    key: `${quote.rate}|${quote.fancyValue}`,
    text:
      quote.fancyValue == null
        ? t('betting.announce.price', { rate })
        : t('betting.announce.line', { line: String(quote.fancyValue), rate }),
  };
}

/**
 * What the slip says to a screen reader, politely and once per change: the live price of the
 * selection in the slip when it moves ("Price now 2.12"), or that its market is suspended (at
 * most one of these every ANNOUNCE_GAP_MS, the latest); the order placed and each change of its
 * state, at once. The price cells themselves are no live regions: a page of moving prices would
 * never stop talking.
 */
export function useSlipAnnouncement(): string {
  const tap = useBetslipStore((s) => s.tap);
  const [message, setMessage] = useState('');
  const lastSaid = useRef(0);
  const waiting = useRef<{ text: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  const hush = useCallback(() => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
  }, []);
  const sayNow = useCallback(
    (text: string) => {
      hush();
      lastSaid.current = Date.now();
      setMessage(text);
    },
    [hush],
  );
  const sayPrice = useCallback(
    (text: string) => {
      if (waiting.current) {
        waiting.current.text = text;
        return;
      }
      const wait = Math.max(0, lastSaid.current + ANNOUNCE_GAP_MS - Date.now());
      const entry = { text, timer: setTimeout(() => sayNow(entry.text), wait) };
      waiting.current = entry;
    },
    [sayNow],
  );

  // The selection's market, as the page's pushes bring it; what it was tapped at is the start.
  useEffect(() => {
    const selection = useBetslipStore.getState().selection;
    if (!selection) return;
    let heard = `${selection.rate}|${selection.fancyValue}`;
    const watch = watchMarket(selection.eventId, selection.marketId, (market) => {
      const current = useBetslipStore.getState().selection;
      if (!current || current.marketId !== selection.marketId) return;
      const { key, text } = liveState(market, current);
      if (key === heard) return;
      heard = key;
      sayPrice(text);
    });
    return () => {
      watch.stop();
      hush();
    };
  }, [tap, sayPrice, hush]);

  // The order placed, then each change of its state (a push matching the rest, a cancel).
  useEffect(
    () =>
      useBetslipStore.subscribe((state, before) => {
        const now = state.placed;
        const was = before.placed;
        if (!now || now === was) return;
        const status = orderStatusText(now.status);
        if (!was || was.orderId !== now.orderId) sayNow(t('betting.announce.placed', { status }));
        else if (was.status !== now.status) sayNow(t('betting.announce.orderNow', { status }));
      }),
    [sayNow],
  );

  useEffect(() => hush, [hush]);
  return message;
}

/** The slip's one live region, visually hidden, there whether the slip is open or not. */
export function SlipAnnouncer() {
  const message = useSlipAnnouncement();
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="betslip-announcer">
      {message}
    </div>
  );
}
