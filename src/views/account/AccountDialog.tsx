import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { accountMessages as m } from './accountMessages';

/** A modal dialog for the security card (native <dialog>: focus trap, Esc and backdrop for free). */
export function AccountDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    // jsdom has no showModal; the open attribute is enough there.
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
  }, []);
  return (
    <dialog
      ref={ref}
      className="acct-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="acct-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="acct-icon-btn" aria-label={intl.formatMessage(m.close)} onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
