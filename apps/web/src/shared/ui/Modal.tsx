import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
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

/** What Tab can reach inside a dialog. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside `dialog` (the last item wraps to the first and back), so that a
 * keyboard never wanders behind a modal the screen reader says is all there is (aria-modal).
 */
export function trapTab(e: KeyboardEvent, dialog: HTMLElement): void {
  if (e.key !== 'Tab') return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) {
    e.preventDefault();
    return;
  }
  const head = items[0] as HTMLElement;
  const tail = items[items.length - 1] as HTMLElement;
  const at = document.activeElement;
  const inside = at != null && dialog.contains(at);
  if (e.shiftKey && (at === head || !inside)) {
    e.preventDefault();
    tail.focus();
  } else if (!e.shiftKey && (at === tail || !inside)) {
    e.preventDefault();
    head.focus();
  }
}

/**
 * The reusable modal: header, body, optional footer; closes by its button, a click outside or Escape.
 * By keyboard (WAI-ARIA dialog pattern): the focus moves in when it opens (to the element marked
 * data-autofocus, else the first field or button, the close button last), Tab wraps inside it, and
 * on close the focus goes back to where it was, if that element is still on the page.
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

  // In the commit that opens it: the focus is on its first answer before the frame that shows it.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (dialog) trapTab(e, dialog);
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ??
      [...(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].find(
        (el) => !el.matches('.modal-close'),
      ) ??
      dialog?.querySelector<HTMLElement>('.modal-close') ??
      dialog;
    first?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
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
        tabIndex={-1}
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
