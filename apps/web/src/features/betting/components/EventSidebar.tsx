import { useSessionStore } from '@/shared/session/session-store';
import { useUserExpectedProfitLoss } from '../api/get-user-expected-profit-loss';
import { useUserOpenBets } from '../api/get-user-open-bets';
import { t } from '../i18n';
import { Betslip } from './betslip/Betslip';
import { Positions } from './Positions';

/**
 * Beside the markets: the betslip, then this event's open bets as positions by market (matched and
 * unmatched). Below 1,100 px the markets have no side column and the open slip is a bottom sheet.
 */
export function EventSidebar({ eventId }: { eventId: number }) {
  const signedIn = useSessionStore((s) => s.user != null);
  const { data } = useUserOpenBets(signedIn);
  const pnl = useUserExpectedProfitLoss(signedIn);
  const bets = data?.openBets.filter((b) => b.eventId === eventId) ?? [];
  return (
    <div className="event-sidebar">
      <Betslip />
      {signedIn && (
        <section className="card event-bets" aria-label={t('betting.sidebar.label')}>
          <h2 className="event-bets__title">
            {t('betting.sidebar.title')} <span className="event-bets__count">{bets.length}</span>
          </h2>
          {bets.length > 0 ? (
            <Positions bets={bets} pnl={pnl.data} showEvent={false} />
          ) : (
            <p className="betslip__hint">{t('betting.sidebar.empty')}</p>
          )}
        </section>
      )}
    </div>
  );
}
