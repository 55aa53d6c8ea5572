import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { faHourglassHalf } from '@fortawesome/free-solid-svg-icons';
import { negPaise } from '@backlay/exchange';
import { useSessionStore } from '@/shared/session/session-store';
import { Icon } from '@/shared/ui/Icon';
import { Spinner } from '@/shared/ui/feedback';
import { useResponsibleGaming } from '../api/get-responsible-gaming';
import { t } from '../i18n';
import { MAX_TIMER_MS, nextReminderAt, playedTime } from '../lib/durations';
import { playedText } from '../lib/labels';
import { formatMoney } from '@/shared/lib/money';
import { Dialog } from './Dialog';
import '../responsible-gaming.css';

/**
 * The reality check, mounted app-wide: for a signed-in player who set one, every N minutes since
 * the session began, a reminder of the time played and the session's net result (read fresh as
 * it opens), with Continue, Stop playing (signs out) and a way to the limits. While it is open no
 * other reminder piles up; the next one is the next interval's end after Continue.
 */
export function RealityCheck() {
  const signedIn = useSessionStore((s) => s.user != null);
  const query = useResponsibleGaming();
  const navigate = useNavigate();
  const minutes = query.data?.realityCheckMinutes ?? null;
  const startedAt = query.data?.session.startedAt ?? null;
  const { refetch } = query;
  // When the reminder opened: the time played is counted to that moment.
  const [openedAt, setOpenedAt] = useState<number | null>(null);

  useEffect(() => {
    if (!signedIn || minutes == null || startedAt == null || openedAt != null) return;
    const start = Date.parse(startedAt);
    if (!Number.isFinite(start)) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const due = nextReminderAt(start, minutes, Date.now());
      timer = setTimeout(
        () => {
          if (Date.now() < due) return wait();
          setOpenedAt(Date.now());
          void refetch();
        },
        Math.min(due - Date.now(), MAX_TIMER_MS),
      );
    };
    wait();
    return () => clearTimeout(timer);
  }, [signedIn, minutes, startedAt, openedAt, refetch]);

  const open = signedIn && openedAt != null && minutes != null && startedAt != null;
  const close = () => setOpenedAt(null);
  const stop = () => {
    setOpenedAt(null);
    void navigate('/auth/logout', { replace: true });
  };

  let net;
  if (query.isFetching || !query.data) net = <Spinner />;
  else {
    const result = query.data.session.netResult;
    const amount = `₹${formatMoney(result < 0 ? negPaise(result) : result)}`;
    net =
      result > 0
        ? t('responsible-gaming.realityCheck.up', { amount })
        : result < 0
          ? t('responsible-gaming.realityCheck.down', { amount })
          : t('responsible-gaming.realityCheck.even');
  }

  return (
    <Dialog
      open={open}
      role="alertdialog"
      name="reality-check"
      title={
        <>
          <Icon icon={faHourglassHalf} /> {t('responsible-gaming.realityCheck.dialogTitle')}
        </>
      }
      onDismiss={close}
      actions={
        <>
          <Link to="/responsible-gaming" className="btn btn--ghost" onClick={close}>
            {t('responsible-gaming.realityCheck.link')}
          </Link>
          <button type="button" className="btn btn--outline" onClick={stop}>
            {t('responsible-gaming.realityCheck.stop')}
          </button>
          <button type="button" className="btn btn--primary" onClick={close} data-autofocus>
            {t('responsible-gaming.realityCheck.continue')}
          </button>
        </>
      }
    >
      {openedAt != null && startedAt != null && (
        <>
          <p data-testid="reality-played">
            {t('responsible-gaming.realityCheck.played', {
              time: playedText(playedTime(Date.parse(startedAt), openedAt)),
            })}
          </p>
          <p data-testid="reality-net" aria-live="polite">
            {net}
          </p>
        </>
      )}
    </Dialog>
  );
}
