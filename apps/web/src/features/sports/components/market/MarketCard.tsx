import { memo } from 'react';
import type { MarketStatus, OddsMarket } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { useMarketSlots } from '@/shared/market/market-slots-context';
import { formatLimit } from '../../lib/format';
import { MarketSkipContext, useCardSkip } from '../../lib/market-skip';
import { useMarketSlice, useOddsBook } from '../../lib/use-odds';
import { PriceCell } from './PriceCell';
import { t } from '../../i18n';

const SEP = '\u0001';

interface RunnerHead {
  id: number;
  name: string;
  status: string;
}

/** The market's slowly changing parts as one string: name, limits, delay and its runners. */
function headOf(m: OddsMarket | undefined): string {
  if (!m) return '';
  const runners =
    m.type === 'FANCY'
      ? ''
      : [...m.runners]
          .sort((a, b) => a.sortPriority - b.sortPriority)
          .map((r) => `${r.id}~${r.status}~${r.name}`)
          .join(SEP);
  return [m.type, m.name, m.minStake, m.maxStake, m.betDelayMs, runners].join('\u0002');
}

function parseHead(head: string) {
  const [type = '', name = '', min = '0', max = '0', delay = '0', runners = ''] = head.split('\u0002');
  return {
    type,
    name,
    minStake: paise(Number(min)),
    maxStake: paise(Number(max)),
    betDelayMs: Number(delay),
    runners: runners
      ? runners.split(SEP).map((r): RunnerHead => {
          const [id = '0', status = '', ...rest] = r.split('~');
          return { id: Number(id), status, name: rest.join('~') };
        })
      : [],
  };
}

/**
 * A market out of play, over its prices. No live region: a page of sessions turning ball running
 * together would talk over everything; the betslip says it for the selection in the slip.
 */
export function StatusOverlay({ status }: { status: MarketStatus | string }) {
  if (status === 'OPEN' || status === '') return null;
  const text =
    status === 'BALL_RUNNING'
      ? t('sports.status.ballRunning')
      : status === 'CLOSED'
        ? t('sports.status.closed')
        : t('sports.status.suspended');
  return (
    <div className={`market__overlay market__overlay--${status.toLowerCase()}`}>
      <span>{text}</span>
    </div>
  );
}

/** A runner out of play, in words; another status shows as the feed sends it. */
function runnerOff(status: string): string {
  switch (status) {
    case 'SUSPENDED':
      return t('sports.status.suspended');
    case 'REMOVED':
      return t('sports.runner.removed');
    case 'WINNER':
      return t('sports.runner.winner');
    case 'LOSER':
      return t('sports.runner.loser');
    default:
      return status;
  }
}

interface CardProps {
  eventId: number;
  eventTitle: string;
  marketId: string;
}

/**
 * An exchange market (match odds, over/under, a race's win market): three back levels in blue and
 * three lay levels in pink per runner, best prices nearest the middle. Bookmaker and toss show
 * their rates the same way with one level a side.
 */
export const ExchangeMarketCard = memo(function ExchangeMarketCard({
  eventId,
  eventTitle,
  marketId,
}: CardProps) {
  const head = parseHead(useMarketSlice(marketId, headOf));
  const status = useMarketSlice(marketId, (m) => m?.status ?? '');
  const book = useOddsBook();
  const { RunnerPnl, MarketActions } = useMarketSlots();
  const [skip, cardRef] = useCardSkip();
  if (head.type === '') return null;
  const rates = head.type === 'BOOKMAKER' || head.type === 'TOSS';
  const depth = rates ? [0] : [2, 1, 0];
  const kind = rates ? 'rate' : 'odds';
  const market = book.getMarket(marketId);
  return (
    <MarketSkipContext.Provider value={skip}>
      <section
        ref={cardRef}
        className={`market card market--${head.type.toLowerCase()}`}
        data-market-id={marketId}
        data-market-group={
          head.type === 'BOOKMAKER' ? 'bookmaker' : head.type === 'TOSS' ? 'toss' : 'matchOdds'
        }
        // A jump chip takes the focus here (not in the Tab order).
        tabIndex={-1}
      >
        <header className="market__head">
          <h3 className="market__name">{head.name}</h3>
          <span className="market__limits">
            {t('sports.market.min', { amount: formatLimit(head.minStake) })} ·{' '}
            {t('sports.market.max', { amount: formatLimit(head.maxStake) })}
            {head.betDelayMs > 0 && (
              <span className="market__delay">
                {' '}
                · {t('sports.market.delay', { seconds: String(head.betDelayMs / 1000) })}
              </span>
            )}
          </span>
        </header>
        <div className={`market__grid ${rates ? 'market__grid--rates' : ''}`}>
          <div className="market__cols" aria-hidden="true">
            <span className="market__cols-name">
              {rates
                ? t('sports.market.rates')
                : t('sports.market.selections', { count: head.runners.length })}
            </span>
            {depth.map((l) => (
              <span key={`b${l}`} className={`market__col market__col--back price--l${l}`}>
                {l === 0 ? t('sports.market.back') : ''}
              </span>
            ))}
            {[...depth].reverse().map((l) => (
              <span key={`l${l}`} className={`market__col market__col--lay price--l${l}`}>
                {l === 0 ? t('sports.market.lay') : ''}
              </span>
            ))}
          </div>
          <div className="market__body">
            {head.runners.map((r) => (
              <div className="runner" key={r.id}>
                <div className="runner__name">
                  <span>{r.name}</span>
                  {RunnerPnl && <RunnerPnl eventId={eventId} marketId={marketId} runnerId={r.id} />}
                </div>
                {depth.map((l) => (
                  <PriceCell
                    key={`b${l}`}
                    eventId={eventId}
                    eventTitle={eventTitle}
                    marketId={marketId}
                    runnerId={r.id}
                    selectionName={r.name}
                    side="back"
                    level={l}
                    kind={kind}
                  />
                ))}
                {[...depth].reverse().map((l) => (
                  <PriceCell
                    key={`l${l}`}
                    eventId={eventId}
                    eventTitle={eventTitle}
                    marketId={marketId}
                    runnerId={r.id}
                    selectionName={r.name}
                    side="lay"
                    level={l}
                    kind={kind}
                  />
                ))}
                {r.status !== 'ACTIVE' && status === 'OPEN' && (
                  <div className="runner__overlay">{runnerOff(r.status)}</div>
                )}
              </div>
            ))}
            <StatusOverlay status={status} />
          </div>
        </div>
        {MarketActions && market && <MarketActions eventId={eventId} market={market} />}
      </section>
    </MarketSkipContext.Provider>
  );
});

/** One fancy session row: NO (pink) and YES (blue) with their lines and rates, then min and max. */
export const FancyRow = memo(function FancyRow({ eventId, eventTitle, marketId }: CardProps) {
  const head = parseHead(useMarketSlice(marketId, headOf));
  const status = useMarketSlice(marketId, (m) => m?.status ?? '');
  const book = useOddsBook();
  const { MarketActions } = useMarketSlots();
  if (head.type === '') return null;
  const market = book.getMarket(marketId);
  return (
    <div className="fancy__row" data-market-id={marketId}>
      <div className="fancy__name">
        <span>{head.name}</span>
        {MarketActions && market && <MarketActions eventId={eventId} market={market} />}
      </div>
      <div className="fancy__prices">
        <PriceCell
          eventId={eventId}
          eventTitle={eventTitle}
          marketId={marketId}
          runnerId={null}
          selectionName={head.name}
          side="no"
          level={0}
          kind="line"
        />
        <PriceCell
          eventId={eventId}
          eventTitle={eventTitle}
          marketId={marketId}
          runnerId={null}
          selectionName={head.name}
          side="yes"
          level={0}
          kind="line"
        />
        <StatusOverlay status={status} />
      </div>
      <div className="fancy__limits">
        <span>{t('sports.market.min', { amount: formatLimit(head.minStake) })}</span>
        <span>{t('sports.market.max', { amount: formatLimit(head.maxStake) })}</span>
      </div>
    </div>
  );
});

export function FancySection({
  eventId,
  eventTitle,
  ids,
}: {
  eventId: number;
  eventTitle: string;
  ids: readonly string[];
}) {
  const [skip, cardRef] = useCardSkip();
  if (ids.length === 0) return null;
  return (
    <MarketSkipContext.Provider value={skip}>
      <section ref={cardRef} className="market card fancy" data-market-group="fancy" tabIndex={-1}>
        <header className="market__head">
          <h3 className="market__name">{t('sports.market.fancy')}</h3>
          <span className="market__limits">{t('sports.fancy.sessions')}</span>
        </header>
        <div className="fancy__cols" aria-hidden="true">
          <span />
          <span className="market__col market__col--lay">{t('sports.fancy.no')}</span>
          <span className="market__col market__col--back">{t('sports.fancy.yes')}</span>
          <span className="fancy__cols-limits">{t('sports.fancy.limits')}</span>
        </div>
        {ids.map((id) => (
          <FancyRow key={id} eventId={eventId} eventTitle={eventTitle} marketId={id} />
        ))}
      </section>
    </MarketSkipContext.Provider>
  );
}
