import type { ReactNode } from 'react';

/**
 * The console's "are you sure?" under the control that asked it: what will happen (`children`),
 * then the step itself (`confirm`, in the tone of what it does: `approve` or `reject`) and a way back
 * (`cancel`). While `busy` neither button can be pressed again.
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
  return (
    <div className="player__confirm" role="alertdialog" aria-label={label}>
      {children}
      <div className="player__confirm-actions">
        <button type="button" className={`btn btn--${tone}`} disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </div>
  );
}
