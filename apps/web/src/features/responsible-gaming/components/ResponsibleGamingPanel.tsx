import { useId, useState } from 'react';
import { RG_PERIODS } from '@backlay/contract';
import { Spinner } from '@/shared/ui/feedback';
import { useResponsibleGaming } from '../api/get-responsible-gaming';
import { t } from '../i18n';
import { BreakCard } from './BreakCard';
import { ConfirmIncreasesDialog } from './ConfirmIncreasesDialog';
import { HistoryCard } from './HistoryCard';
import { LimitsCard } from './LimitsCard';
import { RealityCheckCard } from './RealityCheckCard';
import { useNowAt } from '../lib/use-now-at';
import '../responsible-gaming.css';

/**
 * The player's own controls on /responsible-gaming, below the operator's text: deposit and loss
 * limits, the reality check, a time-out, self-exclusion, and the history of changes. A pending
 * increase coming due, or a time-out ending, reads the settings again at that moment.
 */
export function ResponsibleGamingPanel() {
  const titleId = useId();
  const query = useResponsibleGaming();
  const [confirming, setConfirming] = useState(false);
  const data = query.data;
  const moments = data
    ? [
        ...RG_PERIODS.flatMap((p) => [
          data.depositLimit[p].pending?.effectiveAt,
          data.lossLimit[p].pending?.effectiveAt,
        ]),
        data.timeOutUntil,
        data.selfExcludedUntil,
      ]
    : [];
  const now = useNowAt(moments, () => void query.refetch());

  let body;
  if (query.isPending) body = <Spinner />;
  else if (!data)
    body = (
      <div className="card rg-card" role="alert">
        <p>{query.error?.message ?? t('responsible-gaming.panel.loadError')}</p>
        <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
          {t('responsible-gaming.panel.retry')}
        </button>
      </div>
    );
  else
    body = (
      <>
        <LimitsCard kind="deposit" data={data} onConfirm={() => setConfirming(true)} />
        <LimitsCard kind="loss" data={data} onConfirm={() => setConfirming(true)} />
        <RealityCheckCard minutes={data.realityCheckMinutes} />
        <BreakCard kind="time_out" until={data.timeOutUntil} now={now} />
        <BreakCard kind="self_exclusion" until={data.selfExcludedUntil} now={now} />
        <HistoryCard history={data.history} />
        <ConfirmIncreasesDialog open={confirming} data={data} onClose={() => setConfirming(false)} />
      </>
    );

  return (
    <section className="page rg-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="rg-panel__title">
        {t('responsible-gaming.panel.title')}
      </h2>
      {body}
    </section>
  );
}
