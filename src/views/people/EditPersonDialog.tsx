/** Edit Farmer / Edit Coordinator dialog: name, email, phone required; status Active or Inactive. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { PersonEditContext, PersonEditEvent } from '@/machines/personEditing';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { ConfirmDialog } from './ConfirmDialog';
import { pm } from './peopleMessages';

/** The machine's edit context (`personEditOf`) plus what differs per screen; renders nothing while `edit` is null. */
type Props = PersonEditContext & {
  title: MessageDescriptor;
  failedText: MessageDescriptor;
  saving: boolean;
  showStatus: boolean;
  /** Saving would set an Active person Inactive: the dialog asks `confirmQuestion` (with the name) first, as Deactivate does. */
  confirming?: boolean;
  confirmQuestion?: MessageDescriptor;
  /** The machine's send: the dialog sends edit.change, edit.save and edit.cancel. */
  send: (event: PersonEditEvent) => void;
};

const PROBLEM = { required: pm.required, email: pm.emailInvalid, phone: pm.phoneInvalid };

export function EditPersonDialog(p: Props) {
  const intl = useIntl();
  const change = (key: 'name' | 'email' | 'phoneNumber' | 'status') => (e: { target: { value: string } }) => p.send({ type: 'edit.change', key, value: e.target.value });
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const draft = p.edit;
  if (!draft) return null;
  if (p.confirming && p.confirmQuestion) {
    return (
      <ConfirmDialog
        question={intl.formatMessage(p.confirmQuestion, { name: draft.name })}
        busy={p.saving}
        onCancel={() => p.send({ type: 'edit.cancel' })}
        onConfirm={() => p.send({ type: 'edit.save' })}
      />
    );
  }
  return (
    <div className="dialog-backdrop">
      <form
        role="dialog"
        aria-modal="true"
        aria-label={t(p.title)}
        className="dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          p.send({ type: 'edit.save' });
        }}
      >
        <h2>{t(p.title)}</h2>
        {p.editProblem && (
          <p role="alert" className="banner banner-error">
            {p.editProblem === 'failed' ? httpErrorMessage(intl, p.editError, p.failedText) : t(PROBLEM[p.editProblem])}
          </p>
        )}
        <label>
          <span>{t(pm.name)} *</span>
          <input name="edit-name" value={draft.name} onChange={change('name')} />
        </label>
        <label>
          <span>{t(pm.email)} *</span>
          <input name="edit-email" type="email" value={draft.email} onChange={change('email')} />
        </label>
        <label>
          <span>{t(pm.phoneNumber)} *</span>
          <input name="edit-phoneNumber" type="tel" value={draft.phoneNumber} onChange={change('phoneNumber')} />
        </label>
        {p.showStatus && (
          <label>
            <span>{t(pm.status)}</span>
            <select name="edit-status" value={draft.status} onChange={change('status')}>
              <option value="Active">{t(pm.active)}</option>
              <option value="Inactive">{t(pm.inactive)}</option>
            </select>
          </label>
        )}
        <div className="form-actions">
          <button type="button" disabled={p.saving} onClick={() => p.send({ type: 'edit.cancel' })}>
            {t(pm.cancel)}
          </button>
          <button type="submit" className="primary" disabled={p.saving}>
            {t(p.saving ? pm.saving : pm.save)}
          </button>
        </div>
      </form>
    </div>
  );
}
