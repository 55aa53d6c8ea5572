import type { PlayerDetail as Detail } from '@backlay/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { call } from '@/api/client';
import { formatDateTime, formatMoney, methodName } from '@/shared/format';
import { Problem } from '@/shared/Problem';
import { AdjustPanel } from './AdjustPanel';
import { PLAYER_DETAIL_KEY } from './keys';
import { LockPanel } from './LockPanel';
import { PlayerStatus } from './PlayerStatus';

/**
 * One player of the site: the account, the wallet, and the latest 20 of each list the server keeps
 * (ledger lines, bets, payment requests, bonus claims, referrals made, sign-ins), newest first;
 * Lock / Unlock and Adjust balance for the roles allowed to. Another site's player is a 404, shown as such.
 */
export function PlayerDetail({ userId }: { userId: number }) {
  const detail = useQuery({
    queryKey: [PLAYER_DETAIL_KEY, userId],
    queryFn: ({ signal }) => call('adminPlayerDetail', { query: { userId }, signal }),
  });
  if (detail.isPending) return <p className="detail detail--empty muted">Loading player #{userId}…</p>;
  if (detail.isError) {
    return (
      <div className="detail">
        <Problem error={detail.error} what="see this player" />
      </div>
    );
  }
  const d = detail.data;
  const p = d.player;
  const titleId = `player-detail-${p.id}`;
  return (
    <article className="detail player" aria-labelledby={titleId}>
      <header className="detail__head">
        <h2 id={titleId}>
          {p.userName} <PlayerStatus status={p.status} />
          {p.isDemo && <span className="players__demo">Demo</span>}
        </h2>
        <p className="muted">
          player #{p.id} · joined {formatDateTime(p.createdAt)} · last sign-in{' '}
          {p.lastLoginAt ? formatDateTime(p.lastLoginAt) : 'never'}
        </p>
      </header>
      <LockPanel player={p} />
      <div className="player__top">
        <Account detail={d} />
        <section aria-labelledby={`${titleId}-wallet`}>
          <h3 id={`${titleId}-wallet`}>Wallet</h3>
          <dl className="facts player__wallet" data-testid="player-wallet">
            <dt>Cash</dt>
            <dd className="amount">{formatMoney(d.wallet.cash)}</dd>
            <dt>Bonus</dt>
            <dd>{formatMoney(d.wallet.bonus)}</dd>
            <dt>Exposure</dt>
            <dd>{formatMoney(d.wallet.exposure)}</dd>
            <dt>Held</dt>
            <dd title="Withdrawals requested and not yet paid or given back">{formatMoney(d.wallet.held)}</dd>
          </dl>
        </section>
      </div>
      <AdjustPanel player={p} wallet={d.wallet} />
      <ListSection
        title="Ledger"
        count={d.ledger.length}
        head={['When', 'Kind', 'Account', 'Amount', 'Balance after']}
        numeric={[3, 4]}
      >
        {d.ledger.map((l, i) => (
          <tr key={`${l.journalId}-${l.account}-${i}`}>
            <td className="nowrap">{formatDateTime(l.at)}</td>
            <td title={l.description}>
              <span className="mono">{l.kind}</span>
              <span className="player__sub">{l.description}</span>
            </td>
            <td>{l.account}</td>
            <td className="num">{formatMoney(l.amount)}</td>
            <td className="num">{formatMoney(l.balanceAfter)}</td>
          </tr>
        ))}
      </ListSection>
      <ListSection
        title="Bets"
        count={d.bets.length}
        head={['Placed', 'Market', 'Side · price', 'Stake', 'Status', 'Result']}
        numeric={[3, 5]}
      >
        {d.bets.map((b) => (
          <tr key={b.id}>
            <td className="nowrap">{formatDateTime(b.placedAt)}</td>
            <td>
              {b.eventTitle}
              <span className="player__sub">
                {b.marketName} · order #{b.orderId}
              </span>
            </td>
            <td className="nowrap">
              {b.side} · {b.odds ?? b.rate ?? '—'}
              {b.line != null ? ` @ ${b.line}` : ''}
            </td>
            <td className="num">{formatMoney(b.stake)}</td>
            <td>{b.status}</td>
            <td className="num">{b.result == null ? '—' : formatMoney(b.result)}</td>
          </tr>
        ))}
      </ListSection>
      <ListSection
        title="Payment requests"
        count={d.payments.length}
        head={['Asked', 'Kind', 'Amount', 'Status', 'UTR']}
        numeric={[2]}
      >
        {d.payments.map((r) => (
          <tr key={r.id}>
            <td className="nowrap">{formatDateTime(r.createdAt)}</td>
            <td>
              <span className={`kind kind--${r.type}`}>{r.type}</span> {methodName(r.paymentMethod)}
            </td>
            <td className="num">{formatMoney(r.amount)}</td>
            <td title={r.reason ?? undefined}>
              {r.status}
              {r.reason && <span className="player__sub">{r.reason}</span>}
            </td>
            <td className="mono small">{r.payoutUtr ?? r.utr ?? '—'}</td>
          </tr>
        ))}
      </ListSection>
      <ListSection
        title="Bonus claims"
        count={d.bonuses.length}
        head={['Claimed', 'Bonus', 'Amount', 'Wagered', 'Status']}
        numeric={[2, 3]}
      >
        {d.bonuses.map((b) => (
          <tr key={b.id}>
            <td className="nowrap">{formatDateTime(b.claimedAt)}</td>
            <td>
              {b.title}
              <span className="player__sub">{b.kind}</span>
            </td>
            <td className="num">{formatMoney(b.amount)}</td>
            <td className="num">
              {formatMoney(b.wagered)} / {formatMoney(b.wageringRequired)}
            </td>
            <td>{b.status}</td>
          </tr>
        ))}
      </ListSection>
      <ListSection
        title="Referrals made"
        count={d.referrals.length}
        head={['Joined', 'Player', 'Status', 'Reward', 'Flags']}
        numeric={[3]}
      >
        {d.referrals.map((r) => (
          <tr key={r.referredUserId}>
            <td className="nowrap">{formatDateTime(r.joinedAt)}</td>
            <td>
              {r.referredUserName} <span className="muted small">#{r.referredUserId}</span>
            </td>
            <td>{r.status}</td>
            <td className="num">{formatMoney(r.reward)}</td>
            <td>{r.flags.length > 0 ? <Flags flags={r.flags} /> : '—'}</td>
          </tr>
        ))}
      </ListSection>
      <ListSection
        title="Sign-ins"
        count={d.signIns.length}
        head={['When', 'Result', 'Address', 'Browser · device']}
      >
        {d.signIns.map((s, i) => (
          <tr key={`${s.at}-${i}`}>
            <td className="nowrap">{formatDateTime(s.at)}</td>
            <td className={s.result === 'Success' ? undefined : 'player__bad'}>{s.result}</td>
            <td className="mono small">{s.ip}</td>
            <td className="small">
              {s.browser} · {s.clientName}
              {s.deviceId && <span className="player__sub mono">{s.deviceId}</span>}
            </td>
          </tr>
        ))}
      </ListSection>
    </article>
  );
}

function Account({ detail }: { detail: Detail }) {
  const p = detail.player;
  const excludedUntil = detail.responsibleGaming.excludedUntil;
  return (
    <section aria-labelledby={`player-detail-${p.id}-account`}>
      <h3 id={`player-detail-${p.id}-account`}>Account</h3>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <PlayerStatus status={p.status} />
          {p.verifiedAt ? (
            <span className="muted small"> verified {formatDateTime(p.verifiedAt)}</span>
          ) : (
            <span className="muted small"> mobile not verified</span>
          )}
        </dd>
        <dt>Mobile</dt>
        <dd className="mono">{p.mobile ?? '—'}</dd>
        <dt>Email</dt>
        <dd>{p.email ?? '—'}</dd>
        <dt>Referral code</dt>
        <dd className="mono">{p.referralCode}</dd>
        <dt>Referred by</dt>
        <dd>
          {p.referrer ? `${p.referrer.userName} (#${p.referrer.userId})` : '—'}
          {p.referral && (
            <span className="player__sub">
              referral {p.referral.status}
              {p.referral.decision ? ` · ${p.referral.decision}d` : ''}{' '}
              {p.referral.flags.length > 0 && <Flags flags={p.referral.flags} />}
            </span>
          )}
        </dd>
        <dt>Signed up from</dt>
        <dd className="mono small">
          {p.signupIp ?? '—'}
          {p.signupDeviceId ? ` · ${p.signupDeviceId}` : ''}
        </dd>
        <dt>Self-excluded</dt>
        <dd>{excludedUntil ? `until ${formatDateTime(excludedUntil)}` : 'no'}</dd>
      </dl>
    </section>
  );
}

function Flags({ flags }: { flags: string[] }) {
  return (
    <span className="flag flag--bad" title="What the referral checks flagged">
      {flags.join(', ')}
    </span>
  );
}

/** One of the detail's lists: a small table, or a line saying there is nothing. */
function ListSection(props: {
  title: string;
  count: number;
  head: string[];
  /** Which columns hold amounts (right-aligned). */
  numeric?: number[];
  children: ReactNode;
}) {
  const { title, count, head, numeric = [], children } = props;
  return (
    <section className="player__list" aria-label={title}>
      <h3>
        {title} <span className="muted small">{count === 20 ? 'latest 20' : count}</span>
      </h3>
      {count === 0 ? (
        <p className="muted small">None.</p>
      ) : (
        <div className="table-scroll">
          <table className="grid player__table">
            <thead>
              <tr>
                {head.map((h, i) => (
                  <th key={h} scope="col" className={numeric.includes(i) ? 'num' : undefined}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
