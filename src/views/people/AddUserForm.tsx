/** The Add Admin / Add Coordinator / Add Farmer form; everything it does goes through addUserMachine. */
import { defineMessages, useIntl } from 'react-intl';
import { AddUserContext } from '@/machines/addUser.context';
import type { DraftKey } from '@/machines/addUser.machine';
import { httpErrorMessage, weakPasswordText } from '@/i18n/httpErrors';

const m = defineMessages({
  titleAdmin: { id: 'addUser.title.admin', defaultMessage: 'Add Admin' },
  titleCoordinator: { id: 'addUser.title.coordinator', defaultMessage: 'Add Coordinator' },
  titleFarmer: { id: 'addUser.title.farmer', defaultMessage: 'Add Farmer' },
  back: { id: 'addUser.back', defaultMessage: 'Back to Dashboard' },
  name: { id: 'addUser.name', defaultMessage: 'Name' },
  email: { id: 'addUser.email', defaultMessage: 'Email' },
  phoneNumber: { id: 'addUser.phoneNumber', defaultMessage: 'Phone Number' },
  password: { id: 'addUser.password', defaultMessage: 'Password' },
  preferredLanguage: { id: 'addUser.preferredLanguage', defaultMessage: 'Preferred Language' },
  address: { id: 'addUser.address', defaultMessage: 'Address' },
  village: { id: 'addUser.village', defaultMessage: 'Village' },
  district: { id: 'addUser.district', defaultMessage: 'District' },
  state: { id: 'addUser.state', defaultMessage: 'State' },
  pincode: { id: 'addUser.pincode', defaultMessage: 'Pincode' },
  coordinator: { id: 'addUser.coordinator', defaultMessage: 'Coordinator' },
  chooseCoordinator: { id: 'addUser.chooseCoordinator', defaultMessage: 'Select a coordinator' },
  marathi: { id: 'language.marathi', defaultMessage: 'मराठी' },
  english: { id: 'language.english', defaultMessage: 'English' },
  hindi: { id: 'language.hindi', defaultMessage: 'हिंदी' },
  submitAdmin: { id: 'addUser.submit.admin', defaultMessage: 'Add Admin' },
  submitCoordinator: { id: 'addUser.submit.coordinator', defaultMessage: 'Add Coordinator' },
  submitFarmer: { id: 'addUser.submit.farmer', defaultMessage: 'Add Farmer' },
  submitting: { id: 'addUser.submitting', defaultMessage: 'Adding...' },
  required: { id: 'addUser.error.required', defaultMessage: 'Name, email, phone number and password are required.' },
  emailInvalid: { id: 'addUser.error.email', defaultMessage: 'Enter a valid email address.' },
  phoneInvalid: { id: 'addUser.error.phone', defaultMessage: 'Phone number must be 10 digits.' },
  pincodeInvalid: { id: 'addUser.error.pincode', defaultMessage: 'Pincode must be 6 digits.' },
  coordinatorRequired: { id: 'addUser.error.coordinator', defaultMessage: 'Please select a coordinator for the farmer.' },
  failedAdmin: { id: 'addUser.error.failed.admin', defaultMessage: 'Failed to register admin' },
  failedCoordinator: { id: 'addUser.error.failed.coordinator', defaultMessage: 'Failed to register coordinator' },
  failedFarmer: { id: 'addUser.error.failed.farmer', defaultMessage: 'Failed to register farmer' },
  doneAdmin: { id: 'addUser.done.admin', defaultMessage: 'Admin added successfully.' },
  doneCoordinator: { id: 'addUser.done.coordinator', defaultMessage: 'Coordinator added successfully.' },
  doneFarmer: { id: 'addUser.done.farmer', defaultMessage: 'Farmer added successfully.' },
  another: { id: 'addUser.another', defaultMessage: 'Add another' },
});

const TITLE = { admin: m.titleAdmin, coordinator: m.titleCoordinator, farmer: m.titleFarmer };
const SUBMIT = { admin: m.submitAdmin, coordinator: m.submitCoordinator, farmer: m.submitFarmer };
const FAILED = { admin: m.failedAdmin, coordinator: m.failedCoordinator, farmer: m.failedFarmer };
const DONE = { admin: m.doneAdmin, coordinator: m.doneCoordinator, farmer: m.doneFarmer };
const PROBLEM = { required: m.required, email: m.emailInvalid, phone: m.phoneInvalid, pincode: m.pincodeInvalid, coordinator: m.coordinatorRequired };

const TEXT_INPUTS: { key: DraftKey; label: keyof typeof m; type: string; required?: boolean; auto?: string }[] = [
  { key: 'name', label: 'name', type: 'text', required: true, auto: 'name' },
  { key: 'email', label: 'email', type: 'email', required: true, auto: 'off' },
  { key: 'phoneNumber', label: 'phoneNumber', type: 'tel', required: true, auto: 'off' },
  { key: 'password', label: 'password', type: 'password', required: true, auto: 'new-password' },
  { key: 'address', label: 'address', type: 'text' },
  { key: 'village', label: 'village', type: 'text' },
  { key: 'district', label: 'district', type: 'text' },
  { key: 'state', label: 'state', type: 'text' },
  { key: 'pincode', label: 'pincode', type: 'text' },
];

export function AddUserForm() {
  const intl = useIntl();
  const actor = AddUserContext.useActorRef();
  const role = AddUserContext.useSelector((s) => s.context.role);
  const draft = AddUserContext.useSelector((s) => s.context.draft);
  const problem = AddUserContext.useSelector((s) => s.context.problem);
  const coordinators = AddUserContext.useSelector((s) => s.context.coordinators);
  const choosesCoordinator = AddUserContext.useSelector((s) => s.context.role === 'farmer' && s.context.actorRole !== 'coordinator' && s.context.actorRole !== 'farmer');
  const busy = AddUserContext.useSelector((s) => s.hasTag('busy'));
  const loading = AddUserContext.useSelector((s) => s.matches('loadingCoordinators') || s.matches('starting'));
  const done = AddUserContext.useSelector((s) => s.matches('done'));
  // The server names the rule a refused password breaks: said under the password field, not in the banner.
  const weak = problem?.kind === 'failed' ? weakPasswordText(problem.error, intl.locale) : undefined;
  const change = (key: DraftKey, value: string) => actor.send({ type: 'form.change', key, value });

  return (
    <main className="staff-page">
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'form.back' })}>
        ← {intl.formatMessage(m.back)}
      </button>
      <h1>{intl.formatMessage(TITLE[role])}</h1>
      {done ? (
        <section role="status" className="banner banner-success">
          <p>{intl.formatMessage(DONE[role])}</p>
          <button type="button" onClick={() => actor.send({ type: 'form.reset' })}>
            {intl.formatMessage(m.another)}
          </button>
        </section>
      ) : (
        <form
          className="staff-form"
          noValidate
          aria-busy={busy || loading}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          {problem && !weak && (
            <p role="alert" className="banner banner-error">
              {problem.kind === 'failed' ? httpErrorMessage(intl, problem.error, FAILED[role]) : intl.formatMessage(PROBLEM[problem.kind])}
            </p>
          )}
          <div className="form-grid">
            {TEXT_INPUTS.map((f) => (
              <label key={f.key}>
                <span>
                  {intl.formatMessage(m[f.label])}
                  {f.required && ' *'}
                </span>
                <input
                  name={f.key}
                  type={f.type}
                  autoComplete={f.auto}
                  required={f.required}
                  value={draft[f.key]}
                  aria-invalid={f.key === 'password' && weak ? true : undefined}
                  aria-describedby={f.key === 'password' && weak ? 'addUser-password-error' : undefined}
                  onChange={(e) => change(f.key, e.target.value)}
                />
                {f.key === 'password' && weak && (
                  <small id="addUser-password-error" className="field-error" role="alert">
                    {weak}
                  </small>
                )}
              </label>
            ))}
            <label>
              <span>{intl.formatMessage(m.preferredLanguage)}</span>
              <select name="preferredLanguage" value={draft.preferredLanguage} onChange={(e) => change('preferredLanguage', e.target.value)}>
                <option value="english">{intl.formatMessage(m.english)}</option>
                <option value="marathi">{intl.formatMessage(m.marathi)}</option>
                <option value="hindi">{intl.formatMessage(m.hindi)}</option>
              </select>
            </label>
            {choosesCoordinator && (
              <label>
                <span>{intl.formatMessage(m.coordinator)} *</span>
                <select name="coordinatorId" value={draft.coordinatorId} onChange={(e) => change('coordinatorId', e.target.value)}>
                  <option value="">{intl.formatMessage(m.chooseCoordinator)}</option>
                  {coordinators.map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.name} ({c.email})
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          <button type="submit" className="primary" disabled={busy || loading}>
            {intl.formatMessage(busy ? m.submitting : SUBMIT[role])}
          </button>
        </form>
      )}
    </main>
  );
}
