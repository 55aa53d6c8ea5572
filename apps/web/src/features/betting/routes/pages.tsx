import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BET_STATUSES, SPORT_NAMES, type SportId } from '@backlay/contract';
import { faBook, faList, faMoneyBill } from '@fortawesome/free-solid-svg-icons';
import { formatRupees } from '@/shared/lib/money';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { Pager } from '@/shared/ui/Pager';
import { useUserOpenBets } from '../api/get-user-open-bets';
import { useUserExpectedProfitLoss } from '../api/get-user-expected-profit-loss';
import { useUserBetHistory, type BetHistoryItem } from '../api/get-user-bet-history';
import { useUserProfitLoss } from '../api/get-user-profit-loss';
import { useUserProfitLossDetail } from '../api/get-user-profit-loss-detail';
import { OpenBetsList } from '../components/OpenBetsList';
import {
  DateRangeFields,
  Field,
  Filters,
  ReadStates,
  SportField,
  dayBoundary,
  daysAgo,
} from '../components/page-parts';
import { formatDateTime, pnlClass, selectionText, signedRupees } from '../lib/format';
import '../betting.css';

const BrowseInPlay = () => (
  <Link to="/inplay" className="btn btn--primary">
    Browse In-Play
  </Link>
);

/** /open-bets: every matched, unsettled bet. */
export function OpenBetsRoute() {
  const read = useUserOpenBets(true);
  const { data } = read;
  return (
    <section className="page">
      <PageHeader title="Open Bets">
        {data && (
          <span className="page-header__meta">
            Exposure <strong className="neg">₹{formatRupees(data.exposure)}</strong>
          </span>
        )}
      </PageHeader>
      <ReadStates
        read={read}
        isEmpty={(d) => d.openBets.length === 0}
        empty={
          <EmptyState icon={faList} title="No open bets" action={<BrowseInPlay />}>
            Bets you place show here until their market settles.
          </EmptyState>
        }
      >
        {(d) => (
          <div className="card card--list">
            <OpenBetsList bets={d.openBets} />
          </div>
        )}
      </ReadStates>
    </section>
  );
}

/** /my-markets: markets where the player holds a position, with their exposure. */
export function MyMarketsRoute() {
  const openBets = useUserOpenBets(true);
  const pnl = useUserExpectedProfitLoss(true);
  const markets = useMemo(() => {
    const byMarket = new Map<
      string,
      { eventId: number; title: string; market: string; bets: number; stake: number }
    >();
    for (const b of openBets.data?.openBets ?? []) {
      const m = byMarket.get(b.marketId) ?? {
        eventId: b.eventId,
        title: b.betTitle,
        market: b.marketName,
        bets: 0,
        stake: 0,
      };
      m.bets += 1;
      m.stake += b.stake;
      byMarket.set(b.marketId, m);
    }
    return [...byMarket.entries()].map(([marketId, m]) => ({
      marketId,
      ...m,
      exposure: pnl.data?.find((p) => p.marketId === marketId)?.exposure ?? null,
    }));
  }, [openBets.data, pnl.data]);
  return (
    <section className="page">
      <PageHeader title="My Markets" />
      <ReadStates
        read={openBets}
        isEmpty={() => markets.length === 0}
        empty={
          <EmptyState icon={faList} title="No markets with your bets" action={<BrowseInPlay />}>
            Markets where you hold a position appear here.
          </EmptyState>
        }
      >
        {() => (
          <ul className="market-cards">
            {markets.map((m) => (
              <li key={m.marketId} className="card market-card">
                <Link to={`/markets/${m.eventId}`} className="market-card__link">
                  <strong>{m.title}</strong>
                  <span className="muted">{m.market}</span>
                </Link>
                <dl className="market-card__figures">
                  <div>
                    <dt>Bets</dt>
                    <dd>{m.bets}</dd>
                  </div>
                  <div>
                    <dt>Stake</dt>
                    <dd>₹{formatRupees(m.stake)}</dd>
                  </div>
                  <div>
                    <dt>Exposure</dt>
                    <dd className="neg">{m.exposure == null ? '—' : `₹${formatRupees(m.exposure)}`}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </ReadStates>
    </section>
  );
}

function statusBadge(item: BetHistoryItem) {
  if (item.status === 'MATCHED') return <span className="badge badge--open">Open</span>;
  if (item.status === 'VOID') return <span className="badge">Void</span>;
  return (item.result ?? 0) >= 0 ? (
    <span className="badge badge--ok">Won</span>
  ) : (
    <span className="badge badge--bad">Lost</span>
  );
}

/** Bets as a table on wide screens and as stacked rows on phones (the same markup). */
function BetTable({ items }: { items: BetHistoryItem[] }) {
  return (
    <div className="card card--list">
      <table className="data-table data-table--stack">
        <thead>
          <tr>
            <th scope="col">Placed</th>
            <th scope="col">Selection</th>
            <th scope="col">Type</th>
            <th scope="col" className="num">
              Odds
            </th>
            <th scope="col" className="num">
              Stake
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((b) => (
            <tr key={b.betId}>
              <td data-label="Placed">{formatDateTime(b.placeTime)}</td>
              <td data-label="Selection">
                <strong>{selectionText(b.runnerName, b.fancyValue)}</strong>
                <span className="muted cell-sub">
                  {b.marketName} · {b.eventName}
                </span>
              </td>
              <td data-label="Type">
                <span
                  className={`side-tag side-tag--${b.betType === 'Back' || b.betType === 'Yes' ? 'back' : 'lay'}`}
                >
                  {b.betType}
                </span>
              </td>
              <td data-label="Odds" className="num">
                {b.odds}
              </td>
              <td data-label="Stake" className="num">
                ₹{formatRupees(b.stake)}
              </td>
              <td data-label="Status">{statusBadge(b)}</td>
              <td data-label="Result" className={`num ${b.result == null ? '' : pnlClass(b.result)}`}>
                {b.result == null ? '—' : signedRupees(b.result)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const PAGE_SIZE = 20;
type StatusFilter = 'ALL' | (typeof BET_STATUSES)[number];
const STATUS_LABEL: Record<StatusFilter, string> = {
  ALL: 'All',
  MATCHED: 'Open',
  SETTLED: 'Settled',
  VOID: 'Void',
};

/** /bet-history: date range, status and sport filters, paged. */
export function BetHistoryRoute() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [sport, setSport] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const body = {
    MaxResultCount: PAGE_SIZE,
    SkipCount: page * PAGE_SIZE,
    StartDate: dayBoundary(from, false),
    EndDate: dayBoundary(to, true),
    status,
    ...(sport === '' ? {} : { sportId: sport }),
  };
  const read = useUserBetHistory(body);
  const { isPending, isFetching } = read;
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };
  return (
    <section className="page">
      <PageHeader title="Bet History">{isFetching && !isPending && <Spinner label="Updating" />}</PageHeader>
      <Filters>
        <DateRangeFields idPrefix="bh" from={from} to={to} onFrom={change(setFrom)} onTo={change(setTo)} />
        <Field label="Status" id="bh-status">
          <select
            id="bh-status"
            value={status}
            onChange={(e) => change(setStatus)(e.target.value as StatusFilter)}
          >
            {(['ALL', ...BET_STATUSES] as StatusFilter[]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </Field>
        <SportField id="bh-sport" value={sport} onChange={change(setSport)} />
      </Filters>
      <ReadStates
        read={read}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState icon={faBook} title="No bets in this period">
            Change the dates or filters to see other bets.
          </EmptyState>
        }
      >
        {(d) => (
          <>
            <BetTable items={d.items} />
            <Pager page={page} pageSize={PAGE_SIZE} total={d.totalCount} onPage={setPage} />
          </>
        )}
      </ReadStates>
    </section>
  );
}

/** /my-bets: what is open now and the latest settled bets. */
export function MyBetsRoute() {
  const open = useUserOpenBets(true);
  const settled = useUserBetHistory({ MaxResultCount: 10, SkipCount: 0, status: 'SETTLED' });
  const openBets = open.data?.openBets ?? [];
  return (
    <section className="page">
      <PageHeader title="My Bets">
        <Link to="/bet-history" className="btn btn--outline btn--small">
          Full history
        </Link>
      </PageHeader>
      <h2 className="section-title">
        Open <span className="event-bets__count">{openBets.length}</span>
      </h2>
      <ReadStates
        read={open}
        isEmpty={(d) => d.openBets.length === 0}
        empty={<p className="card card--pad muted">No open bets. Tap a price on any market to place one.</p>}
      >
        {(d) => (
          <div className="card card--list">
            <OpenBetsList bets={d.openBets} />
          </div>
        )}
      </ReadStates>
      <h2 className="section-title">Recently settled</h2>
      <ReadStates
        read={settled}
        isEmpty={(d) => d.items.length === 0}
        empty={<p className="card card--pad muted">Settled bets and their results appear here.</p>}
      >
        {(d) => <BetTable items={d.items} />}
      </ReadStates>
    </section>
  );
}

/** /ProfitLoss: settled profit and loss by event over a date range. */
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
      <PageHeader title="Profit & Loss">
        {data && (
          <span className="page-header__meta">
            Total <strong className={pnlClass(data.total)}>{signedRupees(data.total)}</strong>
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
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState icon={faMoneyBill} title="No profit or loss in this period">
            Your results per event appear here once markets settle.
          </EmptyState>
        }
      >
        {(d) => (
          <>
            <div className="card card--list">
              <table className="data-table data-table--stack">
                <thead>
                  <tr>
                    <th scope="col">Settled</th>
                    <th scope="col">Event</th>
                    <th scope="col" className="num">
                      Stake
                    </th>
                    <th scope="col" className="num">
                      Commission
                    </th>
                    <th scope="col" className="num">
                      Profit / loss
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((row) => (
                    <tr key={row.eventId}>
                      <td data-label="Settled">{formatDateTime(row.settledTime)}</td>
                      <td data-label="Event">
                        <Link to={`/profit-detail/${row.eventId}`}>{row.eventName}</Link>
                        <span className="muted cell-sub">{SPORT_NAMES[row.sportId as SportId] ?? ''}</span>
                      </td>
                      <td data-label="Stake" className="num">
                        ₹{formatRupees(row.stake)}
                      </td>
                      <td data-label="Commission" className="num">
                        ₹{formatRupees(row.commission)}
                      </td>
                      <td data-label="Profit / loss" className={`num ${pnlClass(row.profitLoss)}`}>
                        {signedRupees(row.profitLoss)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} pageSize={PAGE_SIZE} total={d.totalCount} onPage={setPage} />
          </>
        )}
      </ReadStates>
    </section>
  );
}

/** /profit-detail/{id}: one event's settled markets and their bets. */
export function ProfitDetailRoute() {
  const { id } = useParams();
  const eventId = Number(id);
  const read = useUserProfitLossDetail(eventId);
  const { data } = read;
  return (
    <section className="page">
      <PageHeader title={data?.eventName ?? 'Profit & Loss Detail'}>
        <Link to="/ProfitLoss" className="btn btn--outline btn--small">
          All events
        </Link>
      </PageHeader>
      {!Number.isSafeInteger(eventId) || eventId <= 0 ? (
        <EmptyState icon={faMoneyBill} title="Nothing to show for this event" />
      ) : (
        <ReadStates
          read={read}
          isEmpty={(d) => d.markets.length === 0}
          empty={
            <EmptyState icon={faMoneyBill} title="Nothing to show for this event">
              The bets behind an event's result appear here.
            </EmptyState>
          }
        >
          {(d) =>
            d.markets.map((m) => (
              <section key={m.marketId} className="pl-market">
                <header className="pl-market__head">
                  <div>
                    <h2 className="section-title">{m.marketName}</h2>
                    <span className="muted">Result: {m.result}</span>
                  </div>
                  <strong className={pnlClass(m.profitLoss)}>{signedRupees(m.profitLoss)}</strong>
                </header>
                <BetTable items={m.bets} />
              </section>
            ))
          }
        </ReadStates>
      )}
    </section>
  );
}
