import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PlayerBonus } from '@backlay/contract';
import { ZERO_PAISE, addPaise } from '@backlay/exchange';
import { responsibleGamingRefusal } from '@/shared/http/errors';
import { faGift } from '@fortawesome/free-solid-svg-icons';
import { formatMoney } from '@/shared/lib/money';
import { useSessionStore } from '@/shared/session/session-store';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { notify } from '@/shared/ui/toast';
import { useClaimBonus } from '../api/claim-bonus';
import { BONUSES, useBonuses } from '../api/get-bonuses';
import { BonusCard } from '../components/BonusCard';
import { t } from '../i18n';
import { orderBonuses } from '../lib/bonus-text';
import '../bonus.css';

function claimedText(b: PlayerBonus): string {
  const cash = b.status === 'Completed';
  if (b.amount == null)
    return cash
      ? t('bonus.claimed.cashUnknown', { title: b.title })
      : t('bonus.claimed.bonusUnknown', { title: b.title });
  const values = { title: b.title, amount: `₹${formatMoney(b.amount)}` };
  return cash ? t('bonus.claimed.cash', values) : t('bonus.claimed.bonus', values);
}

/** /bonus: the active bonus with its wagering and time left, the offers with Claim, the history. */
export function BonusRoute() {
  const read = useBonuses();
  const claim = useClaimBonus();
  const client = useQueryClient();
  const setBonusBalance = useSessionStore((s) => s.setBonusBalance);
  const refetch = useCallback(() => void client.invalidateQueries({ queryKey: BONUSES }), [client]);
  const [refusal, setRefusal] = useState<{ bonusId: number; message: string } | null>(null);

  // The bonus balance is the active claim's amount (one at a time; conversion and forfeiture
  // move it whole), so the header's menu can show it before any push has.
  useEffect(() => {
    if (!read.data) return;
    const active = read.data.filter((b) => b.status === 'Active');
    setBonusBalance(active.reduce((sum, b) => addPaise(sum, b.amount ?? ZERO_PAISE), ZERO_PAISE));
  }, [read.data, setBonusBalance]);

  const onClaim = (b: PlayerBonus) => {
    setRefusal(null);
    claim.mutate(b.id, {
      onSuccess: (claimed) => notify.success(claimedText(claimed)),
      onError: (e) => {
        // A claim refused by the player's own break stays on the offer's card, saying until when.
        const refused = responsibleGamingRefusal(e);
        if (refused) setRefusal({ bonusId: b.id, message: refused });
        else notify.error(e.message);
      },
    });
  };

  let body;
  if (read.isPending) body = <Spinner />;
  else if (!read.data)
    body = (
      <div className="card bonus-load-error" role="alert">
        <p>{read.error instanceof Error ? read.error.message : t('bonus.loadFailed')}</p>
        <button type="button" className="btn btn--outline" onClick={() => void read.refetch()}>
          {t('bonus.retry')}
        </button>
      </div>
    );
  else if (read.data.length === 0)
    body = (
      <EmptyState
        icon={faGift}
        title={t('bonus.empty.title')}
        action={
          <Link to="/inplay" className="btn btn--outline">
            {t('bonus.empty.back')}
          </Link>
        }
      >
        {t('bonus.empty.text')}
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
                refusal={refusal?.bonusId === b.id && b.status === 'Available' ? refusal.message : null}
                onClaim={onClaim}
                onExpired={refetch}
              />
            ))}
          </div>
        </section>
      );
    body = (
      <>
        {section(t('bonus.section.active'), active)}
        {section(t('bonus.section.offers'), offers)}
        {section(t('bonus.section.finished'), history)}
      </>
    );
  }

  return (
    <section className="page bonus-page">
      <PageHeader title={t('bonus.title')} />
      <p className="hint">{t('bonus.intro')}</p>
      {body}
    </section>
  );
}
