/**
 * Accessible modal dialog: `role="dialog"`, `aria-modal`, labelled by its heading, rendered in a
 * portal over a backdrop. Escape and a click on the backdrop close it (unless `dismissable` is
 * false), focus moves into it on open, stays inside while Tab cycles, and returns to the opener on
 * close. Dialogs can stack; the top one receives the keys.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';

export interface DialogProps {
  /** The heading, also the dialog's accessible name. */
  title: string;
  /**
   * No heading: `title` only names the dialog (aria-label), for dialogs whose body already says
   * it (the status dialog).
   */
  untitled?: boolean;
  onClose: () => void;
  /** When false, Escape and the backdrop do nothing and no close button is shown. */
  dismissable?: boolean;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openCount = 0;

export function Dialog({ title, untitled, onClose, dismissable = true, className = '', children }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const el = ref.current;
    const first = el?.querySelector<HTMLElement>('[data-autofocus]') ?? el;
    first?.focus();
    openCount += 1;
    document.documentElement.classList.add('has-dialog');
    return () => {
      openCount -= 1;
      if (openCount === 0) document.documentElement.classList.remove('has-dialog');
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (dismissable) onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="dlg-backdrop"
      onMouseDown={(e) => {
        if (dismissable && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={untitled ? undefined : titleId}
        aria-label={untitled ? title : undefined}
        tabIndex={-1}
        className={`dlg ${className}`}
        onKeyDown={onKeyDown}
      >
        <div className="dlg__head">
          {untitled ? <span /> : (
            <h2 id={titleId} className="dlg__title">
              {title}
            </h2>
          )}
          {dismissable && (
            <button type="button" className="icon-btn dlg__close" aria-label="Fechar" onClick={() => onCloseRef.current()}>
              <CloseIcon />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
