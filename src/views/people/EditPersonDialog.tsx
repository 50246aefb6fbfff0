/** Edit Farmer / Edit Coordinator dialog: name, email, phone required; status Active or Inactive. */
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { PersonEditContext, PersonEditEvent } from '@/machines/personEditing';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { ConfirmDialog } from './ConfirmDialog';
import { pm } from './peopleMessages';
import { FormDialog } from '@/views/ui/FormDialog';
import { ErrorBanner } from '@/views/ui/FormField';

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
    <FormDialog
      title={t(p.title)}
      cancel={t(pm.cancel)}
      submit={t(p.saving ? pm.saving : pm.save)}
      busy={p.saving}
      cancelDisabled={p.saving}
      onSubmit={() => p.send({ type: 'edit.save' })}
      onCancel={() => p.send({ type: 'edit.cancel' })}
    >
      <ErrorBanner text={p.editProblem && (p.editProblem === 'failed' ? httpErrorMessage(intl, p.editError, p.failedText) : t(PROBLEM[p.editProblem]))} />
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
    </FormDialog>
  );
}

/** Edit Farmer: the person dialog with the farmer's title, failure text and deactivate question. */
export function EditFarmerDialog(p: Omit<Props, 'title' | 'failedText' | 'confirmQuestion'>) {
  return <EditPersonDialog {...p} title={pm.editFarmer} failedText={pm.updateFarmerFailed} confirmQuestion={pm.confirmDeactivateFarmer} />;
}
