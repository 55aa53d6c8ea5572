import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The console's "are you sure?" under the control that asked it: what will happen (`children`),
 * then the step itself (`confirm`, in the tone of what it does: `approve` or `reject`) and a way back
 * (`cancel`). While `busy` neither button can be pressed again.
 *
 * Opening, it scrolls itself into view (its scroll margin keeps it clear of the sticky top bar and
 * of a form's sticky save bar) and takes the focus to its way back, as an alert dialog does: a
 * control near the bottom of the window would otherwise open it under the save bar, and a keyboard
 * user's next Enter must not be the step itself.
 */
export function ConfirmBox({
  label,
  children,
  confirm,
  tone,
  onConfirm,
  cancel = 'Cancel',
  onCancel,
  busy,
}: {
  /** The dialog's accessible name, e.g. "Confirm: suspend the site". */
  label: string;
  children: ReactNode;
  confirm: ReactNode;
  tone: 'approve' | 'reject';
  onConfirm: () => void;
  cancel?: ReactNode;
  onCancel: () => void;
  busy?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    box.current?.scrollIntoView?.({ block: 'nearest' });
    back.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={box} className="player__confirm" role="alertdialog" aria-label={label}>
      {children}
      <div className="player__confirm-actions">
        <button type="button" className={`btn btn--${tone}`} disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        <button ref={back} type="button" className="btn" disabled={busy} onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </div>
  );
}
