import { useNavigate } from 'react-router';
import { faBolt, faStar } from '@fortawesome/free-solid-svg-icons';
import type { MarketGroup, ScoreCard, TreeEvent } from '@backlay/contract';
import { formatDateTime } from '@/shared/lib/date';
import { useUiStore } from '@/shared/stores/ui';
import { Icon } from '@/shared/ui/Icon';
import { useMarketIds, useMarketSlice, useOddsBook } from '../../lib/use-odds';
import { StatusOverlay } from './MarketCard';
import { PriceCell } from './PriceCell';
import { t } from '../../i18n';

/** A scorecard as one short line: "IND 115/6 (18.1) · CRR 6.33 · RRR 8.10", "2 – 1 67'". */
export function scoreLine(card: ScoreCard | null, fallback: string | null): string {
  if (!card) return fallback ?? '';
  switch (card.sport) {
    case 'cricket': {
      const inn = card.innings.at(-1);
      if (!inn) return card.summary;
      const parts = [`${inn.team} ${inn.runs}/${inn.wickets} (${inn.overs})`];
      if (card.currentRunRate != null) parts.push(`CRR ${card.currentRunRate.toFixed(2)}`);
      if (card.requiredRunRate != null) parts.push(`RRR ${card.requiredRunRate.toFixed(2)}`);
      else if (card.target != null) parts.push(t('sports.score.target', { target: card.target }));
      return parts.join(' · ');
    }
    case 'football':
      return `${card.homeGoals} – ${card.awayGoals} · ${
        card.period === 'HALF_TIME'
          ? 'HT'
          : card.period === 'FULL_TIME'
            ? 'FT'
            : card.period === 'PRE'
              ? t('sports.score.kickOff')
              : `${card.minute}'`
      }`;
    case 'tennis': {
      const sets = card.sets.map(([a, b]) => `${a}-${b}`).join(' ');
      return card.status === 'IN_PROGRESS' ? `${sets} (${card.points[0]}-${card.points[1]})` : card.summary;
    }
    case 'kabaddi':
      return `${card.homePoints} – ${card.awayPoints} · ${card.minute}'`;
    case 'horseRacing':
      return card.phase === 'PRE_RACE' ? `${card.course} · ${card.raceName}` : card.summary;
  }
}

/**
 * The runners of the event's first match-odds market, 1 X 2 (the draw between home and away), or of
 * its first bookmaker market when it has no match odds (they are over, or never offered): the rates
 * of the match either way.
 */
function useStripMarket(): {
  marketId: string | null;
  kind: 'odds' | 'rate';
  runners: { id: number; name: string }[];
} {
  const ids = useMarketIds();
  const book = useOddsBook();
  const matchOdds = ids.matchOdds.find((id) => book.getMarket(id)?.type === 'MATCH_ODDS');
  const marketId = matchOdds ?? ids.bookmaker[0] ?? null;
  const kind = matchOdds ? 'odds' : 'rate';
  const text = useMarketSlice(marketId ?? '', (m) =>
    m && m.type !== 'FANCY'
      ? [...m.runners]
          .sort((a, b) => a.sortPriority - b.sortPriority)
          .map((r) => `${r.id}~${r.name}`)
          .join('\u0001')
      : '',
  );
  const runners = text
    ? text.split('\u0001').map((r) => {
        const [id = '0', ...name] = r.split('~');
        return { id: Number(id), name: name.join('~') };
      })
    : [];
  const draw = runners.find((r) => /\bdraw\b/i.test(r.name));
  const others = runners.filter((r) => r !== draw);
  const ordered = draw && others.length === 2 ? [others[0]!, draw, others[1]!] : runners.slice(0, 3);
  return { marketId, kind, runners: ordered };
}

const STRIP_SIDES = ['back', 'lay'] as const;

/** The match odds' (else the bookmaker's) best back and lay of each runner, in the strip: the page's first prices. */
function StripRates({ eventId, eventTitle }: { eventId: number; eventTitle: string }) {
  const { marketId, kind, runners } = useStripMarket();
  const status = useMarketSlice(marketId ?? '', (m) => m?.status ?? '');
  if (!marketId || runners.length === 0) return null;
  const three = runners.length === 3;
  return (
    <>
      {/* Out of play (a ball running, a suspension) the strip says so over its prices, as the
          market's card does: a tap there takes nothing. */}
      <StatusOverlay status={status} />
      {runners.map((r, i) => (
        <div className="strip-runner" key={r.id}>
          <span className="strip-runner__name" title={r.name}>
            {three ? ['1', 'X', '2'][i] : r.name}
          </span>
          {STRIP_SIDES.map((side) => (
            <PriceCell
              key={side}
              eventId={eventId}
              eventTitle={eventTitle}
              marketId={marketId}
              runnerId={r.id}
              selectionName={r.name}
              side={side}
              level={0}
              kind={kind}
              place="strip"
            />
          ))}
        </div>
      ))}
    </>
  );
}

const JUMPS: readonly MarketGroup[] = ['matchOdds', 'bookmaker', 'fancy'];

function jumpLabel(group: MarketGroup): string {
  if (group === 'matchOdds') return t('sports.market.matchOdds');
  if (group === 'bookmaker') return t('sports.market.bookmaker');
  return t('sports.market.fancy');
}

/**
 * Scrolls a market group's first card to just under the sticky strip, and takes the focus there, so
 * that Tab goes on from that card's prices, not from the chip.
 */
export function jumpTo(group: MarketGroup): void {
  const target = document.querySelector<HTMLElement>(`[data-market-group="${group}"]`);
  if (!target) return;
  const stuck = document.querySelector<HTMLElement>('.event-head')?.getBoundingClientRect().bottom ?? 0;
  const top = target.getBoundingClientRect().top + window.scrollY - stuck - 8;
  window.scrollTo({ top: Math.max(0, top), behavior: 'auto' });
  target.focus({ preventScroll: true });
}

function JumpChips() {
  const ids = useMarketIds();
  return (
    <nav className="market-jump" aria-label={t('sports.jump')}>
      {JUMPS.map((group) => (
        <button
          key={group}
          type="button"
          className="market-jump__chip"
          disabled={ids[group].length === 0}
          onClick={() => jumpTo(group)}
        >
          {jumpLabel(group)}
        </button>
      ))}
    </nav>
  );
}

/** One-click betting, on (with its stake) or off; a tap opens its setting. */
export function OneClickChip() {
  const oneClick = useUiStore((s) => s.oneClick);
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`one-click-chip${oneClick.enabled ? ' one-click-chip--on' : ''}`}
      aria-label={
        oneClick.enabled
          ? t('sports.oneClick.on', { stake: String(oneClick.stake) })
          : t('sports.oneClick.off')
      }
      onClick={() => void navigate('/settings-stake')}
    >
      <Icon icon={faBolt} />
      <span>
        {oneClick.enabled
          ? t('sports.oneClick.chipOn', { stake: String(oneClick.stake) })
          : t('sports.oneClick.chipOff')}
      </span>
    </button>
  );
}

/**
 * The market page's head, one compact strip that stays under the header while the markets scroll:
 * the event and its live score line (run rates for cricket), the match odds' best prices (the first
 * prices on the page), one-click betting's state, and chips that jump to match odds, bookmaker and
 * fancy. The server draws the same strip empty (apps/server/src/first-screen.ts), its lines already
 * their height, so nothing moves as the data fills it.
 */
export function EventStrip({
  eventId,
  title,
  event,
  inPlay,
  score,
  settled,
}: {
  eventId: number;
  title: string;
  event: TreeEvent | undefined;
  inPlay: boolean;
  score: string;
  settled: boolean;
}) {
  const pinned = useUiStore((s) => s.pins.includes(eventId));
  const togglePin = useUiStore((s) => s.togglePin);
  return (
    <header className="event-head card">
      <div className="event-head__top">
        <div className="event-head__main">
          <span className="event-head__sport muted">
            {event?.sportName}
            {event?.competition ? ` · ${event.competition}` : ''}
          </span>
          <h1 className="event-head__title">{title}</h1>
        </div>
        <OneClickChip />
        <button
          type="button"
          className={`pin ${pinned ? 'pin--on' : ''}`}
          aria-pressed={pinned}
          aria-label={t(pinned ? 'sports.unpin' : 'sports.pin', { title })}
          onClick={() => togglePin(eventId)}
        >
          <Icon icon={faStar} />
        </button>
      </div>
      <div className="event-head__when">
        {inPlay ? (
          <span className="live-pill">{t('sports.inPlay')}</span>
        ) : event ? (
          <time dateTime={event.startTime}>{formatDateTime(event.startTime)}</time>
        ) : null}
        {score && (
          <span className="event-head__score scoreboard--strip" aria-label={t('sports.score')}>
            {score}
          </span>
        )}
      </div>
      <div className="event-head__rates">
        {settled && <StripRates eventId={eventId} eventTitle={title} />}
      </div>
      <JumpChips />
    </header>
  );
}
