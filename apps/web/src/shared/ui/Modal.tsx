import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './Icon';
import { faXmark } from '@fortawesome/free-solid-svg-icons';
import { t } from '../i18n/t';

export type ModalVariant = 'default' | 'banner' | 'auth';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  variant?: ModalVariant;
  /** Names the dialog for tests and styles. */
  name?: string;
}

/**
 * The reusable modal: header, body, optional footer; closes by its button, a click outside or Escape.
 * It is drawn into document.body, so that no ancestor's containment (a market card skips painting
 * while off screen) can clip it or pin it to the card instead of the viewport.
 */
export function Modal({ open, onClose, title, children, footer, variant = 'default', name }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    const first = dialogRef.current?.querySelector<HTMLElement>('input, button:not(.modal-close), [href]');
    first?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className={`modal-backdrop modal-backdrop--${variant}`}
      data-testid="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-modal={name}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label={t('shared.close')} onClick={onClose}>
            <Icon icon={faXmark} />
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer != null && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
