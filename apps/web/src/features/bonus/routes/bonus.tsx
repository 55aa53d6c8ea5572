import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PlayerBonus } from '@backlay/contract';
import { ZERO_PAISE, addPaise } from '@backlay/exchange';
import { faGift } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { useSessionStore } from '@/shared/session/session-store';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { notify } from '@/shared/ui/toast';
import { useClaimBonus } from '../api/claim-bonus';
import { BONUSES, useBonuses } from '../api/get-bonuses';
import { BonusCard } from '../components/BonusCard';
import { orderBonuses } from '../lib/bonus-text';
import '../bonus.css';

function claimedText(b: PlayerBonus): string {
  const amount = b.amount != null ? `₹${formatMoney(b.amount)}` : 'The bonus';
  if (b.status === 'Completed') return `${b.title} claimed: ${amount} is paid to your cash.`;
  return `${b.title} claimed: ${amount} is in your bonus balance.`;
}

/** /bonus: the active bonus with its wagering and time left, the offers with Claim, the history. */
export function BonusRoute() {
  const read = useBonuses();
  const claim = useClaimBonus();
  const client = useQueryClient();
  const setBonusBalance = useSessionStore((s) => s.setBonusBalance);
  const refetch = useCallback(() => void client.invalidateQueries({ queryKey: BONUSES }), [client]);

  // The bonus balance is the active claim's amount (one at a time; conversion and forfeiture
  // move it whole), so the header's menu can show it before any push has.
  useEffect(() => {
    if (!read.data) return;
    const active = read.data.filter((b) => b.status === 'Active');
    setBonusBalance(active.reduce((sum, b) => addPaise(sum, b.amount ?? ZERO_PAISE), ZERO_PAISE));
  }, [read.data, setBonusBalance]);

  const onClaim = (b: PlayerBonus) =>
    claim.mutate(b.id, {
      onSuccess: (claimed) => notify.success(claimedText(claimed)),
      onError: (e) => notify.error(e.message),
    });

  let body;
  if (read.isPending) body = <Spinner />;
  else if (!read.data)
    body = (
      <div className="card bonus-load-error" role="alert">
        <p>{read.error instanceof Error ? read.error.message : 'The bonuses could not be loaded.'}</p>
        <button type="button" className="btn btn--outline" onClick={() => void read.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (read.data.length === 0)
    body = (
      <EmptyState
        icon={faGift}
        title="No bonuses right now"
        action={
          <Link to="/inplay" className="btn btn--outline">
            Back to In-Play
          </Link>
        }
      >
        Bonuses this site offers appear here, with their terms, before you claim them.
      </EmptyState>
    );
  else {
    const { active, offers, history } = orderBonuses(read.data);
    const section = (title: string, list: PlayerBonus[]) =>
      list.length > 0 && (
        <section className="bonus-section" aria-label={title}>
          <h2 className="section-heading">{title}</h2>
          <div className="bonus-grid">
            {list.map((b) => (
              <BonusCard
                key={`${b.id}-${b.userBonusId ?? 'offer'}`}
                bonus={b}
                claiming={claim.isPending && claim.variables === b.id}
                onClaim={onClaim}
                onExpired={refetch}
              />
            ))}
          </div>
        </section>
      );
    body = (
      <>
        {section('Your active bonus', active)}
        {section('Offers', offers)}
        {section('Finished', history)}
      </>
    );
  }

  return (
    <section className="page bonus-page">
      <PageHeader title="Bonus" />
      <p className="hint">
        Bonus money sits beside your cash and is never staked. Your cash stays yours to withdraw at any time.
      </p>
      {body}
    </section>
  );
}
