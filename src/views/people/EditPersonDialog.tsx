/** Edit Farmer / Edit Coordinator dialog: name, email, phone required; status Active or Inactive. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { CallFailure, PersonDraft, PersonDraftProblem } from '@/machines/personEdit';
import { useFailureText } from '../staff/ServerError';
import { pm } from './peopleMessages';

type Props = {
  title: MessageDescriptor;
  draft: PersonDraft;
  problem: PersonDraftProblem | 'failed' | null;
  error: CallFailure | null;
  failedText: MessageDescriptor;
  saving: boolean;
  showStatus: boolean;
  onChange: (key: 'name' | 'email' | 'phoneNumber' | 'status', value: string) => void;
  onSave: () => void;
  onCancel: () => void;
};

const PROBLEM = { required: pm.required, email: pm.emailInvalid, phone: pm.phoneInvalid };

export function EditPersonDialog(p: Props) {
  const intl = useIntl();
  const failureText = useFailureText();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
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
          p.onSave();
        }}
      >
        <h2>{t(p.title)}</h2>
        {p.problem && (
          <p role="alert" className="banner banner-error">
            {p.problem === 'failed' ? failureText(p.error, p.failedText) : t(PROBLEM[p.problem])}
          </p>
        )}
        <label>
          <span>{t(pm.name)} *</span>
          <input name="edit-name" value={p.draft.name} onChange={(e) => p.onChange('name', e.target.value)} />
        </label>
        <label>
          <span>{t(pm.email)} *</span>
          <input name="edit-email" type="email" value={p.draft.email} onChange={(e) => p.onChange('email', e.target.value)} />
        </label>
        <label>
          <span>{t(pm.phoneNumber)} *</span>
          <input name="edit-phoneNumber" type="tel" value={p.draft.phoneNumber} onChange={(e) => p.onChange('phoneNumber', e.target.value)} />
        </label>
        {p.showStatus && (
          <label>
            <span>{t(pm.status)}</span>
            <select name="edit-status" value={p.draft.status} onChange={(e) => p.onChange('status', e.target.value)}>
              <option value="Active">{t(pm.active)}</option>
              <option value="Inactive">{t(pm.inactive)}</option>
            </select>
          </label>
        )}
        <div className="form-actions">
          <button type="button" disabled={p.saving} onClick={p.onCancel}>
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
