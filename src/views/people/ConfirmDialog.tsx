/** Asks before a destructive or reassigning staff action: the question names the person, Cancel or Confirm. */
import { useIntl } from 'react-intl';
import { pm } from './peopleMessages';

type Props = { question: string; busy?: boolean; onCancel: () => void; onConfirm: () => void };

export function ConfirmDialog({ question, busy = false, onCancel, onConfirm }: Props) {
  const intl = useIntl();
  return (
    <div className="dialog-backdrop">
      <div role="alertdialog" aria-modal="true" aria-label={intl.formatMessage(pm.confirmTitle)} aria-describedby="confirm-question" className="dialog">
        <h2>{intl.formatMessage(pm.confirmTitle)}</h2>
        <p id="confirm-question">{question}</p>
        <div className="form-actions">
          <button type="button" onClick={onCancel} autoFocus>
            {intl.formatMessage(pm.cancel)}
          </button>
          <button type="button" className="primary" disabled={busy} onClick={onConfirm}>
            {intl.formatMessage(pm.confirmYes)}
          </button>
        </div>
      </div>
    </div>
  );
}
