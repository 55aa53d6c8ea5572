import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/shared/ui/Icon';
import { faHand } from '@fortawesome/free-solid-svg-icons';
import { abortPendingRequests } from '@/shared/http/request-tracker';
import { useSessionLifetimes } from '@/shared/session/session-lifetimes';
import { InactivityWatcher } from '../lib/watcher';
import { t } from '../i18n';

/**
 * 'Are you still active?' after 9 idle minutes; 10 seconds to answer 'Yes'. The server's
 * GetSettingExpiry answer, once in, sets both (the watcher starts over with them).
 */
export function InactivityOverlay() {
  const [visible, setVisible] = useState(false);
  const watcherRef = useRef<InactivityWatcher | null>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const promptMs = useSessionLifetimes((s) => s.inactivityPromptMs);
  const answerMs = useSessionLifetimes((s) => s.inactivityAnswerMs);

  useEffect(() => {
    setVisible(false);
    const watcher = new InactivityWatcher({
      promptMs,
      answerMs,
      onPrompt: () => setVisible(true),
      onNoAnswer: () => {
        abortPendingRequests();
        setVisible(false);
      },
    });
    watcherRef.current = watcher;
    const onActivity = () => watcher.activity();
    // Browsers send a synthetic mousemove when the page changes under a resting cursor (live
    // prices re-rendering); only a pointer that actually moved counts as the player being there.
    let last: { x: number; y: number } | null = null;
    const onMouseMove = (e: MouseEvent) => {
      if (last && last.x === e.screenX && last.y === e.screenY) return;
      last = { x: e.screenX, y: e.screenY };
      watcher.activity();
    };
    const events = ['keydown', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    window.addEventListener('mousemove', onMouseMove, { passive: true });
    watcher.start();
    return () => {
      for (const e of events) window.removeEventListener(e, onActivity);
      window.removeEventListener('mousemove', onMouseMove);
      watcher.stop();
    };
  }, [promptMs, answerMs]);

  // A question over everything: the focus goes to its one answer and stays there (Tab has nowhere
  // else to go, Escape answers it too, the key press says the player is here), then goes back.
  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    yesRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' && e.key !== 'Escape') return;
      // Before any dialog under it hears the key (capture, stopped here).
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Tab') {
        yesRef.current?.focus();
      } else {
        watcherRef.current?.confirm();
        setVisible(false);
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div className="inactivity" role="alertdialog" aria-modal="true" aria-labelledby="inactivity-title">
      <div className="inactivity__card">
        <Icon icon={faHand} className="inactivity__icon" />
        <h2 id="inactivity-title">{t('inactivity.question')}</h2>
        <button
          ref={yesRef}
          type="button"
          className="btn btn--primary"
          onClick={() => {
            watcherRef.current?.confirm();
            setVisible(false);
          }}
        >
          {t('inactivity.yes')}
        </button>
      </div>
    </div>
  );
}
