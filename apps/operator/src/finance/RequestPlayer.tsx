import type { PlayerDetail } from '@backlay/contract';
import { FontAwesomeIcon } from '@fortawesome/react-fontawesome';
import { faCircleInfo, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call } from '@/api/client';
import { PLAYER_DETAIL_KEY } from '@/players/keys';
import { PlayerStatus } from '@/players/PlayerStatus';
import { formatAge, formatDateTime, formatMoney } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import {
  bonusesWithWageringLeft,
  LIST_LIMIT,
  paymentTotals,
  playerFlags,
  referralFlagWords,
  signInSpread,
  type PlayerFlag,
} from './flags';
import type { QueueItem } from './types';

/** How many of the player's latest requests are listed here (the players screen has all 20). */
const LATEST_PAYMENTS = 5;

const PAYMENT_STATUS: Record<PlayerDetail['payments'][number]['status'], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

/**
 * The player behind a request, beside its evidence: the account, the wallet, their latest requests,
 * bonuses, referral and sign-ins, and the warnings their data supports (flags.ts). Read with the
 * players screen's call and cache key (finance may read players), so both show the same answer.
 */
export function RequestPlayer({ item, now }: { item: QueueItem; now: number }) {
  const detail = useQuery({
    queryKey: [PLAYER_DETAIL_KEY, item.userId],
    queryFn: ({ signal }) => call('adminPlayerDetail', { query: { userId: item.userId }, signal }),
  });
  const titleId = `request-player-${item.id}`;
  return (
    <section className="request-player" aria-labelledby={titleId}>
      <div className="request-player__head">
        <h3 id={titleId}>Player</h3>
        <Link className="btn btn--small" to={`/players?id=${item.userId}`}>
          Open player
        </Link>
      </div>
      {detail.isPending ? (
        <p className="muted small">Loading {item.userName}’s account…</p>
      ) : detail.isError ? (
        <Problem error={detail.error} what="see this player's account" />
      ) : (
        <PlayerFacts detail={detail.data} item={item} now={now} />
      )}
    </section>
  );
}

function PlayerFacts({ detail: d, item, now }: { detail: PlayerDetail; item: QueueItem; now: number }) {
  const p = d.player;
  const flags = playerFlags(d, item, now);
  const totals = paymentTotals(d.payments);
  const bonuses = bonusesWithWageringLeft(d.bonuses);
  const spread = signInSpread(d.signIns);
  const flaggedMade = d.referrals.filter((r) => r.flags.length > 0).length;
  const excludedUntil = d.responsibleGaming.excludedUntil;
  const latest = (n: number) => (n === LIST_LIMIT ? `latest ${LIST_LIMIT}` : String(n));
  return (
    <>
      {flags.length > 0 ? (
        <ul className="request-player__flags" aria-label="Warnings">
          {flags.map((f) => (
            <Flag key={f.key} flag={f} />
          ))}
        </ul>
      ) : (
        <p className="muted small" role="status">
          No warnings from {p.userName}’s account data.
        </p>
      )}
      <dl className="facts request-player__facts">
        <dt>Account</dt>
        <dd>
          {p.userName} <span className="muted small">#{p.id}</span> <PlayerStatus status={p.status} />
          {p.isDemo && <span className="players__demo">Demo</span>}
        </dd>
        <dt>Age</dt>
        <dd>
          {formatAge(p.createdAt, now)}{' '}
          <span className="muted small">
            joined {formatDateTime(p.createdAt)} ·{' '}
            {p.verifiedAt ? `verified ${formatDateTime(p.verifiedAt)}` : 'mobile not verified'}
          </span>
        </dd>
        <dt>Self-excluded</dt>
        <dd>
          {excludedUntil && Date.parse(excludedUntil) > now ? `until ${formatDateTime(excludedUntil)}` : 'no'}
        </dd>
        <dt>Wallet</dt>
        <dd data-testid="request-player-wallet">
          Cash <strong>{formatMoney(d.wallet.cash)}</strong> · Bonus {formatMoney(d.wallet.bonus)} · Exposure{' '}
          {formatMoney(d.wallet.exposure)} · Held {formatMoney(d.wallet.held)}
        </dd>
        <dt>Requests</dt>
        <dd data-testid="request-player-payments">
          {latest(totals.listed)}: {totals.approved} approved · {totals.rejected} rejected · {totals.pending}{' '}
          pending
          {totals.cancelled > 0 ? ` · ${totals.cancelled} cancelled` : ''}
          <span className="player__sub">
            Deposits approved {formatMoney(totals.depositsApproved)} · withdrawals approved{' '}
            {formatMoney(totals.withdrawalsApproved)}
          </span>
        </dd>
        <dt>Bonuses</dt>
        <dd data-testid="request-player-bonuses">
          {bonuses.length === 0
            ? 'none active with wagering left'
            : bonuses.map((b) => (
                <span key={b.id} className="player__sub">
                  {b.title}: {formatMoney(b.left)} of {formatMoney(b.wageringRequired)} left to wager, ends{' '}
                  {formatDateTime(b.expiresAt)}
                </span>
              ))}
        </dd>
        <dt>Referral</dt>
        <dd data-testid="request-player-referral">
          {p.referrer ? `referred by ${p.referrer.userName} (#${p.referrer.userId})` : 'not referred'}
          {p.referral &&
            ` · ${p.referral.status.toLowerCase()}${p.referral.decision ? `, ${p.referral.decision}d` : ''}${
              p.referral.flags.length > 0 ? ` · ${referralFlagWords(p.referral.flags)}` : ''
            }`}
          <span className="player__sub">
            referred {latest(d.referrals.length)} player{d.referrals.length === 1 ? '' : 's'}
            {flaggedMade > 0 ? `, ${flaggedMade} flagged` : ''}
          </span>
        </dd>
        <dt>Sign-ins</dt>
        <dd data-testid="request-player-sign-ins">
          {latest(spread.listed)}: {spread.addresses} IP address{spread.addresses === 1 ? '' : 'es'} ·{' '}
          {spread.devices} device{spread.devices === 1 ? '' : 's'}
          <span className="player__sub">
            {spread.successful} successful · {spread.failed} failed
          </span>
        </dd>
      </dl>
      <LatestPayments payments={d.payments} current={item.id} />
    </>
  );
}

function Flag({ flag }: { flag: PlayerFlag }) {
  const className =
    flag.level === 'bad' ? 'notice--error' : flag.level === 'warn' ? 'notice--warn' : 'notice--info';
  return (
    <li className={`notice ${className} request-player__flag`} data-flag={flag.key}>
      <FontAwesomeIcon icon={flag.level === 'info' ? faCircleInfo : faTriangleExclamation} />{' '}
      <strong>{flag.title}.</strong> {flag.detail}
    </li>
  );
}

function LatestPayments({ payments, current }: { payments: PlayerDetail['payments']; current: number }) {
  if (payments.length === 0) return <p className="muted small">No payment requests.</p>;
  return (
    <div className="table-scroll">
      <table className="grid player__table" aria-label="Latest requests">
        <thead>
          <tr>
            <th scope="col">Asked</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {payments.slice(0, LATEST_PAYMENTS).map((p) => (
            <tr key={p.id} className={p.id === current ? 'is-selected' : undefined}>
              <td className="nowrap">{formatDateTime(p.createdAt)}</td>
              <td>
                {p.type === 'deposit' ? 'Deposit' : 'Withdrawal'} <span className="muted small">#{p.id}</span>
                {p.id === current && <span className="player__sub">this request</span>}
              </td>
              <td className="num">{formatMoney(p.amount)}</td>
              <td
                className={p.status === 'REJECTED' ? 'player__bad' : undefined}
                title={p.reason ?? undefined}
              >
                {PAYMENT_STATUS[p.status]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
