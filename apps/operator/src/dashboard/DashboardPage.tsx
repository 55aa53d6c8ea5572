import type { Dashboard } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faRotate } from '@fortawesome/free-solid-svg-icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { call } from '@/api/client';
import { mayUse } from '@/session/screens';
import { useSession } from '@/session/session-store';
import { formatAge, formatMoney } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import { useNow } from '@/shared/use-now';

export const DASHBOARD_KEY = 'dashboard';
const REFRESH_MS = 30_000;

/*
 * SVG presentation attributes do not reliably resolve CSS custom properties, so the chart's colours
 * are the palette's values (styles.css :root --ok, --warn, --accent) written out.
 */
const COLOURS = { deposits: '#1e874b', withdrawals: '#9a6700', ggr: '#6c5ce7' } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An IST calendar day (`YYYY-MM-DD`) as "24 Nov", read from its digits: going through a Date would
 * move it to the operator's own time zone, and the day is India's whatever the browser's clock.
 */
function dayLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1] ?? ''}`;
}

// The "updated at" time carries seconds: the figures refresh every 30 s, so minutes alone would not
// show that a refresh happened.
const updatedClock = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

// Axis ticks only (never an amount anyone acts on): rupees in Indian compact form, "₹1.2L".
const compactRupees = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
function tickRupees(value: number): string {
  return `₹${compactRupees.format(Math.round(value / 100))}`;
}

function sum(amounts: Paise[]): Paise {
  return paise(amounts.reduce((total, a) => total + a, 0));
}

/**
 * The site at a glance (GET /admin/dashboard): the finance queue's backlog and its oldest request's
 * age, today's money and GGR (the IST day), players online, markets a trader must settle by hand,
 * and the last 14 IST days as a chart (with the same figures as a table for screen readers).
 * Refreshed every 30 s, and on demand.
 */
export function DashboardPage() {
  const now = useNow();
  const role = useSession((s) => s.session?.operator.role);
  const dashboard = useQuery({
    queryKey: [DASHBOARD_KEY],
    queryFn: ({ signal }) => call('adminDashboard', { signal }),
    refetchInterval: REFRESH_MS,
  });
  const data = dashboard.data;
  const financeLinks = role != null && mayUse(role, 'finance');

  return (
    <section className="dash" aria-labelledby="dash-title">
      <div className="page-head">
        <h1 id="dash-title">Dashboard</h1>
        <div className="filters">
          {data && (
            <span className="muted small" role="status">
              Updated at {updatedClock.format(new Date(dashboard.dataUpdatedAt))}
            </span>
          )}
          <button
            type="button"
            className="btn"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
          >
            <FontAwesomeIcon icon={faRotate} spin={dashboard.isFetching} /> Refresh
          </button>
        </div>
      </div>
      {/* A failed refresh keeps the last figures on screen, under the problem and their time. */}
      {dashboard.isError && <Problem error={dashboard.error} what="see the dashboard" />}
      {dashboard.isPending && <p className="muted pad">Loading…</p>}
      {data && (
        <>
          <Figures data={data} now={now} financeLinks={financeLinks} />
          <DaysChart days={data.days} />
        </>
      )}
    </section>
  );
}

function Card(props: {
  id: string;
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: 'gain' | 'loss' | 'warn' | undefined;
}) {
  const { id, label, value, note, tone } = props;
  return (
    <li className={tone ? `dash-card dash-card--${tone}` : 'dash-card'} data-testid={`card-${id}`}>
      <span className="dash-card__label">{label}</span>
      <span className="dash-card__value">{value}</span>
      {note != null && <span className="dash-card__note">{note}</span>}
    </li>
  );
}

function pendingNote(queue: Dashboard['pendingDeposits'], now: number): string {
  return queue.oldestAt == null ? 'none waiting' : `oldest ${formatAge(queue.oldestAt, now)}`;
}

function Figures({ data, now, financeLinks }: { data: Dashboard; now: number; financeLinks: boolean }) {
  const { today } = data;
  // Finance's backlog links to its queue for the roles that may open it (type 1 deposits, 2 withdrawals).
  const queueLink = (count: number, type: 1 | 2) =>
    financeLinks ? (
      <Link className="linkish" to={`/finance?type=${type}`}>
        {count}
      </Link>
    ) : (
      count
    );
  // GGR is what players lost to the house: negative means they won, a loss for the house, said in
  // words as well as in red.
  const ggrTone = today.ggr > 0 ? 'gain' : today.ggr < 0 ? 'loss' : undefined;
  return (
    <ul className="dash-cards" aria-label="Figures">
      <Card
        id="pending-deposits"
        label="Pending deposits"
        value={queueLink(data.pendingDeposits.count, 1)}
        note={pendingNote(data.pendingDeposits, now)}
        tone={data.pendingDeposits.count > 0 ? 'warn' : undefined}
      />
      <Card
        id="pending-withdrawals"
        label="Pending withdrawals"
        value={queueLink(data.pendingWithdrawals.count, 2)}
        note={pendingNote(data.pendingWithdrawals, now)}
        tone={data.pendingWithdrawals.count > 0 ? 'warn' : undefined}
      />
      <Card id="deposits" label="Deposits today" value={formatMoney(today.deposits)} />
      <Card id="withdrawals" label="Withdrawals today" value={formatMoney(today.withdrawals)} />
      <Card
        id="bets"
        label="Bets today"
        value={today.betsCount.toLocaleString('en-IN')}
        note={`${formatMoney(today.betsStake)} matched`}
      />
      <Card id="casino" label="Casino wagers today" value={formatMoney(today.casinoWagers)} />
      <Card
        id="ggr"
        label="GGR today"
        value={formatMoney(today.ggr)}
        note={ggrTone === 'loss' ? 'loss: players won' : ggrTone === 'gain' ? 'players lost' : 'even'}
        tone={ggrTone}
      />
      <Card
        id="online"
        label="Players online"
        value={data.playersOnline.count.toLocaleString('en-IN')}
        note={`seen in the last ${data.playersOnline.seenWithinSeconds} s`}
      />
      <Card
        id="markets"
        label="Markets awaiting a result"
        value={data.marketsAwaitingResult}
        note={data.marketsAwaitingResult > 0 ? 'to settle or void by hand' : 'none'}
        tone={data.marketsAwaitingResult > 0 ? 'warn' : undefined}
      />
    </ul>
  );
}

function chartSummary(days: Dashboard['days']): string {
  if (days.length === 0) return 'No days to show.';
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const deposits = sum(days.map((d) => d.deposits));
  const withdrawals = sum(days.map((d) => d.withdrawals));
  const ggr = sum(days.map((d) => d.ggr));
  return (
    `Deposits, withdrawals and GGR for the ${days.length} days from ${dayLabel(first.date)} to ` +
    `${dayLabel(last.date)} (India time): deposits ${formatMoney(deposits)} in all, withdrawals ` +
    `${formatMoney(withdrawals)}, GGR ${formatMoney(ggr)}. The same figures follow as a table.`
  );
}

function DaysChart({ days }: { days: Dashboard['days'] }) {
  const rows = days.map((d) => ({ ...d, label: dayLabel(d.date) }));
  return (
    <section className="dash-chart" aria-labelledby="dash-chart-title">
      <h2 id="dash-chart-title">Last {days.length} days</h2>
      {/* The chart is a picture to assistive technology; the table below carries its figures. */}
      <div className="dash-chart__plot" role="img" aria-label={chartSummary(days)}>
        {/* Without ResizeObserver (jsdom) the chart keeps this size; a browser measures the box. */}
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 720, height: 280 }}>
          <ComposedChart
            data={rows}
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
          >
            <CartesianGrid stroke="#e2e4ec" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} />
            {/* At least ₹1,000 high: a quiet fortnight's axis would otherwise tick 0 to 4 paise, each "₹0". */}
            <YAxis
              tickFormatter={tickRupees}
              tick={{ fontSize: 11 }}
              width={64}
              domain={[0, (dataMax: number) => Math.max(dataMax, 100_000)]}
            />
            <Tooltip formatter={(value) => (typeof value === 'number' ? formatMoney(paise(value)) : value)} />
            <Legend />
            <Bar dataKey="deposits" name="Deposits" fill={COLOURS.deposits} isAnimationActive={false} />
            <Bar
              dataKey="withdrawals"
              name="Withdrawals"
              fill={COLOURS.withdrawals}
              isAnimationActive={false}
            />
            <Line
              dataKey="ggr"
              name="GGR"
              type="monotone"
              stroke={COLOURS.ggr}
              strokeWidth={2}
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <table className="visually-hidden" aria-label="Deposits, withdrawals and GGR by day">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Deposits</th>
            <th scope="col">Withdrawals</th>
            <th scope="col">GGR</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date)}</th>
              <td>{formatMoney(d.deposits)}</td>
              <td>{formatMoney(d.withdrawals)}</td>
              <td>{formatMoney(d.ggr)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
