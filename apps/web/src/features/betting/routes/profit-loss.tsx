import { useState } from 'react';
import { Link } from 'react-router';
import type { CasinoProfitLossRow } from '@backlay/contract';
import { addPaise, ZERO_PAISE, type Paise } from '@backlay/exchange';
import { faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { EmptyState, PageHeader } from '@/shared/ui/feedback';
import { Pager } from '@/shared/ui/Pager';
import { useUserProfitLoss, type ProfitLoss } from '../api/get-user-profit-loss';
import { DateRangeFields, Filters, SportField } from '../components/history-filters';
import { ReadStates } from '../components/ReadStates';
import { t } from '../i18n';
import { gameName, providerName } from '../lib/casino-names';
import { dayBoundary, daysAgo } from '../lib/date-range';
import { formatDateTime, pnlClass, signedMoney } from '../lib/format';
import { sportName } from '../lib/sport-names';
import '../betting.css';

const PAGE_SIZE = 20;

/** The casino's games of the range, with the totals (a backend without a casino sends none). */
function CasinoSection({ games, total }: { games: CasinoProfitLossRow[]; total: ProfitLoss['casinoTotal'] }) {
  return (
    <section aria-labelledby="pl-casino">
      <h2 className="section-title" id="pl-casino">
        {t('betting.profitLoss.casino')}
      </h2>
      <div className="card card--list">
        <table className="data-table data-table--stack" data-testid="casino-pl">
          <thead>
            <tr>
              <th scope="col">{t('betting.casino.game')}</th>
              <th scope="col">{t('betting.casino.provider')}</th>
              <th scope="col" className="num">
                {t('betting.casino.rounds')}
              </th>
              <th scope="col" className="num">
                {t('betting.casino.staked')}
              </th>
              <th scope="col" className="num">
                {t('betting.casino.won')}
              </th>
              <th scope="col" className="num">
                {t('betting.casino.net')}
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={`${g.provider}:${g.gameCode}`}>
                <td data-label={t('betting.casino.game')}>
                  {gameName(g.provider, g.gameCode)}
                  <span className="muted cell-sub">
                    {t('betting.profitLoss.lastPlayed', { date: formatDateTime(g.lastPlayed) })}
                  </span>
                </td>
                <td data-label={t('betting.casino.provider')}>{providerName(g.provider)}</td>
                <td data-label={t('betting.casino.rounds')} className="num">
                  {g.rounds}
                </td>
                <td data-label={t('betting.casino.staked')} className="num">
                  ₹{formatMoney(g.stake)}
                </td>
                <td data-label={t('betting.casino.won')} className="num">
                  ₹{formatMoney(g.won)}
                </td>
                <td data-label={t('betting.casino.net')} className={`num ${pnlClass(g.net)}`}>
                  {signedMoney(g.net)}
                </td>
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('betting.profitLoss.casinoTotal')}
                </th>
                <td data-label={t('betting.casino.rounds')} className="num">
                  {total.rounds}
                </td>
                <td data-label={t('betting.casino.staked')} className="num">
                  ₹{formatMoney(total.stake)}
                </td>
                <td data-label={t('betting.casino.won')} className="num">
                  ₹{formatMoney(total.won)}
                </td>
                <td data-label={t('betting.casino.net')} className={`num ${pnlClass(total.net)}`}>
                  {signedMoney(total.net)}
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}

/** Sports and casino together: the settled events' total and the casino's net. */
const overallOf = (d: ProfitLoss): Paise => addPaise(d.total, d.casinoTotal?.net ?? ZERO_PAISE);

/**
 * /ProfitLoss: settled profit and loss by event over a date range, and the casino's result per game
 * over the same range (none when one sport is chosen).
 */
export function ProfitLossRoute() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const [sport, setSport] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const read = useUserProfitLoss({
    MaxResultCount: PAGE_SIZE,
    SkipCount: page * PAGE_SIZE,
    StartDate: dayBoundary(from, false),
    EndDate: dayBoundary(to, true),
    ...(sport === '' ? {} : { sportId: sport }),
  });
  const { data } = read;
  return (
    <section className="page">
      <PageHeader title={t('betting.profitLoss.title')}>
        {data && (
          <span className="page-header__meta">
            {t('betting.profitLoss.total')}{' '}
            <strong className={pnlClass(overallOf(data))}>{signedMoney(overallOf(data))}</strong>
          </span>
        )}
      </PageHeader>
      <Filters>
        <DateRangeFields
          idPrefix="pl"
          from={from}
          to={to}
          onFrom={(v) => (setFrom(v), setPage(0))}
          onTo={(v) => (setTo(v), setPage(0))}
        />
        <SportField id="pl-sport" value={sport} onChange={(v) => (setSport(v), setPage(0))} />
      </Filters>
      <ReadStates
        read={read}
        isEmpty={(d) => d.items.length === 0 && !d.casino?.length}
        empty={
          <EmptyState icon={faMoneyBill} title={t('betting.profitLoss.emptyTitle')}>
            {t('betting.profitLoss.emptyText')}
          </EmptyState>
        }
      >
        {(d) => (
          <>
            {d.items.length > 0 && (
              <>
                <SportsSection items={d.items} total={d.total} />
                <Pager page={page} pageSize={PAGE_SIZE} total={d.totalCount} onPage={setPage} />
              </>
            )}
            {d.casino && d.casino.length > 0 && <CasinoSection games={d.casino} total={d.casinoTotal} />}
          </>
        )}
      </ReadStates>
    </section>
  );
}

/** The exchange's settled events of this page, and the total over every page. */
function SportsSection({ items, total }: { items: ProfitLoss['items']; total: Paise }) {
  return (
    <section aria-labelledby="pl-sports">
      <h2 className="section-title" id="pl-sports">
        {t('betting.profitLoss.sports')} <span className={pnlClass(total)}>{signedMoney(total)}</span>
      </h2>
      <div className="card card--list">
        <table className="data-table data-table--stack">
          <thead>
            <tr>
              <th scope="col">{t('betting.profitLoss.settled')}</th>
              <th scope="col">{t('betting.term.event')}</th>
              <th scope="col" className="num">
                {t('betting.term.stake')}
              </th>
              <th scope="col" className="num">
                {t('betting.profitLoss.commission')}
              </th>
              <th scope="col" className="num">
                {t('betting.term.profitLoss')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.eventId}>
                <td data-label={t('betting.profitLoss.settled')}>{formatDateTime(row.settledTime)}</td>
                <td data-label={t('betting.term.event')}>
                  <Link to={`/profit-detail/${row.eventId}`}>{row.eventName}</Link>
                  <span className="muted cell-sub">{sportName(row.sportId)}</span>
                </td>
                <td data-label={t('betting.term.stake')} className="num">
                  ₹{formatMoney(row.stake)}
                </td>
                <td data-label={t('betting.profitLoss.commission')} className="num">
                  ₹{formatMoney(row.commission)}
                </td>
                <td data-label={t('betting.term.profitLoss')} className={`num ${pnlClass(row.profitLoss)}`}>
                  {signedMoney(row.profitLoss)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
