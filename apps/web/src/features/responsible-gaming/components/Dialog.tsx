import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  /** 'alertdialog' for a question that needs an answer before anything else (WAI-ARIA). */
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  /** The text that says what is asked; read out with the title. */
  children: ReactNode;
  actions: ReactNode;
  /** Escape: the answer that changes nothing. */
  onDismiss: () => void;
  /** Names the dialog for tests and styles. */
  name?: string;
}

/**
 * A dialog in the shared modal's look, with what the shared one lacks for these questions: the
 * alertdialog role, its text as the description, and the keyboard kept inside it (Tab wraps), so a
 * player cannot wander behind a question that cannot be undone. The focus starts on the element
 * marked data-autofocus (the answer that changes nothing) and returns where it was on close.
 */
export function Dialog({ open, role = 'dialog', title, children, actions, onDismiss, name }: DialogProps) {
  const titleId = useId();
  const textId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  }, [onDismiss]);

  // In the commit that opens it: the focus is on its first answer before the frame that shows it.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onDismissRef.current();
        return;
      }
      if (e.key !== 'Tab' || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const head = items[0] as HTMLElement;
      const tail = items[items.length - 1] as HTMLElement;
      const inside = dialog.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === head || !inside)) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (document.activeElement === tail || !inside)) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="modal-backdrop rg-dialog-backdrop">
      <div
        ref={ref}
        className="modal rg-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-modal={name}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
        </header>
        <div id={textId} className="modal__body rg-dialog__text">
          {children}
        </div>
        <footer className="modal__footer rg-dialog__actions">{actions}</footer>
      </div>
    </div>,
    document.body,
  );
}
