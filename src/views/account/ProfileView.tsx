import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ProfileContext } from '../../machines/profile.context';
import { profileMachine, type SecurityDialog, type TextField } from '../../machines/profile.machine';
import { notificationSettingsMachine } from '../../machines/notificationSettings.machine';
import { identityChanged } from '../../machines/accountRules';
import './account.css';
import { accountMessages as am } from './accountMessages';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { LoginHistoryDialog } from './LoginHistoryDialog';
import { NotificationSettingsCard } from './NotificationSettingsCard';
import { serverWords } from '@/i18n/httpErrors';
import { TestServerButton } from './TestServerButton';
import { TwoFactorDialog } from './twoFactor/TwoFactorDialog';
import { AppHeader } from '../ui/AppHeader';
import { OfflineBanner } from '../ui/OfflineBanner';
import { LANGUAGES, type Language } from '../../../contracts/languages';

const m = defineMessages({
  title: { id: 'profile.title', defaultMessage: 'Profile' },
  loadFailed: { id: 'profile.loadFailed', defaultMessage: 'Failed to load profile' },
  edit: { id: 'profile.edit', defaultMessage: 'Edit profile' },
  save: { id: 'profile.save', defaultMessage: 'Save' },
  saving: { id: 'profile.saving', defaultMessage: 'Saving…' },
  saved: { id: 'profile.saved', defaultMessage: 'profile updated successfully' },
  saveFailed: { id: 'profile.saveFailed', defaultMessage: 'error while updating profile' },
  queued: { id: 'profile.queued', defaultMessage: 'No network: your change is kept on this phone and will be sent when the network returns.' },
  basic: { id: 'profile.section.basic', defaultMessage: 'Basic information' },
  address: { id: 'profile.section.address', defaultMessage: 'Address' },
  preferences: { id: 'profile.section.preferences', defaultMessage: 'Preferences' },
  name: { id: 'profile.name', defaultMessage: 'Name' },
  email: { id: 'profile.email', defaultMessage: 'Email' },
  phoneNumber: { id: 'profile.phone', defaultMessage: 'Phone number' },
  addressLine: { id: 'profile.addressLine', defaultMessage: 'Address' },
  village: { id: 'profile.village', defaultMessage: 'Village' },
  district: { id: 'profile.district', defaultMessage: 'District' },
  state: { id: 'profile.state', defaultMessage: 'State' },
  pincode: { id: 'profile.pincode', defaultMessage: 'Pincode' },
  role: { id: 'profile.role', defaultMessage: 'Role' },
  language: { id: 'profile.language', defaultMessage: 'Preferred language' },
  marathi: { id: 'profile.language.marathi', defaultMessage: 'मराठी' },
  english: { id: 'profile.language.english', defaultMessage: 'English' },
  hindi: { id: 'profile.language.hindi', defaultMessage: 'हिंदी' },
  photo: { id: 'profile.photo', defaultMessage: 'Profile photo' },
  changePhoto: { id: 'profile.photo.change', defaultMessage: 'Choose photo' },
  removePhoto: { id: 'profile.photo.remove', defaultMessage: 'Remove photo' },
  photoWorking: { id: 'profile.photo.working', defaultMessage: 'Preparing photo…' },
  photoError: { id: 'profile.photo.error', defaultMessage: 'Please choose an image file (JPG, PNG or WebP).' },
  myFields: { id: 'profile.myFields', defaultMessage: 'My fields' },
  noFields: { id: 'profile.noFields', defaultMessage: 'No fields yet.' },
  addField: { id: 'profile.addField', defaultMessage: 'Add field' },
  security: { id: 'profile.security', defaultMessage: 'Security' },
  changePassword: { id: 'profile.security.password', defaultMessage: 'Change password' },
  twoFactor: { id: 'profile.security.twoFactor', defaultMessage: 'Two-factor authentication' },
  loginHistory: { id: 'profile.security.history', defaultMessage: 'Login history' },
  notSet: { id: 'profile.notSet', defaultMessage: '—' },
  nameRequired: { id: 'profile.error.nameRequired', defaultMessage: 'Name is required' },
  phoneInvalid: { id: 'profile.error.phoneInvalid', defaultMessage: 'Phone number must be exactly 10 digits' },
  pincodeInvalid: { id: 'profile.error.pincodeInvalid', defaultMessage: 'Pincode must be exactly 6 digits' },
  currentRequired: { id: 'profile.error.currentRequired', defaultMessage: 'Enter your current password to change your e-mail or phone number' },
  currentPassword: { id: 'profile.currentPassword', defaultMessage: 'Current password' },
  identityNote: {
    id: 'profile.identityNote',
    defaultMessage:
      'You are changing your e-mail or phone number. Enter your current password. Your other devices will be signed out and your old e-mail address will be told.',
  },
  superadmin: { id: 'profile.role.superadmin', defaultMessage: 'Super admin' },
  admin: { id: 'profile.role.admin', defaultMessage: 'Admin' },
  coordinator: { id: 'profile.role.coordinator', defaultMessage: 'Coordinator' },
  farmer: { id: 'profile.role.farmer', defaultMessage: 'Farmer' },
});

const PROBLEM = {
  nameRequired: m.nameRequired,
  emailRequired: am.emailRequired,
  emailInvalid: am.emailInvalid,
  phoneInvalid: m.phoneInvalid,
  pincodeInvalid: m.pincodeInvalid,
  currentRequired: m.currentRequired,
} as const;
const BASIC: TextField[] = ['name', 'email', 'phoneNumber'];
const ADDRESS: TextField[] = ['address', 'village', 'district', 'state', 'pincode'];
const LABEL: Record<TextField, (typeof m)[keyof typeof m]> = {
  name: m.name,
  email: m.email,
  phoneNumber: m.phoneNumber,
  address: m.addressLine,
  village: m.village,
  district: m.district,
  state: m.state,
  pincode: m.pincode,
  currentPassword: m.currentPassword,
};
const INPUT: Partial<Record<TextField, { type?: string; inputMode?: 'numeric' | 'email'; maxLength: number; autoComplete?: string }>> = {
  email: { type: 'email', inputMode: 'email', maxLength: 254, autoComplete: 'email' },
  phoneNumber: { type: 'tel', inputMode: 'numeric', maxLength: 10, autoComplete: 'tel-national' },
  pincode: { inputMode: 'numeric', maxLength: 6, autoComplete: 'postal-code' },
  name: { maxLength: 100, autoComplete: 'name' },
  address: { maxLength: 300, autoComplete: 'street-address' },
  currentPassword: { type: 'password', maxLength: 128, autoComplete: 'current-password' },
};

/** /profile: the signed-in user's own profile and security settings. */
export function ProfileView({
  logic = profileMachine,
  settingsLogic = notificationSettingsMachine,
}: {
  logic?: typeof profileMachine;
  settingsLogic?: typeof notificationSettingsMachine;
}) {
  return (
    <ProfileContext.Provider logic={logic}>
      <AppHeader />
      <ProfileScreen settingsLogic={settingsLogic} />
    </ProfileContext.Provider>
  );
}

function ProfileScreen({ settingsLogic }: { settingsLogic: typeof notificationSettingsMachine }) {
  const intl = useIntl();
  const actor = ProfileContext.useActorRef();
  const loading = ProfileContext.useSelector((s) => s.matches('loading') || s.matches({ offline: 'reading' }));
  const loadFailed = ProfileContext.useSelector((s) => s.matches('loadFailed'));
  const nothingSaved = ProfileContext.useSelector((s) => s.matches({ offline: 'nothingSaved' }));
  // Shown from the phone's copy (issue 17): its time, and Retry while nothing is being edited or waits to send.
  const offlineAt = ProfileContext.useSelector((s) => s.context.offlineAt);
  const canRetry = ProfileContext.useSelector((s) => s.can({ type: 'profile.retry' }));
  const dialog = ProfileContext.useSelector((s) => s.context.dialog);
  const closeDialog = useCallback(() => actor.send({ type: 'profile.closeDialog' }), [actor]);
  const open = (d: SecurityDialog) => actor.send({ type: 'profile.openDialog', dialog: d });

  return (
    <main className="acct-page">
      <h1>{intl.formatMessage(m.title)}</h1>
      {loading && (
        <p role="status" aria-busy="true">
          {intl.formatMessage(am.loading)}
        </p>
      )}
      {loadFailed && (
        <div role="alert" className="acct-banner acct-banner--error">
          <p>{intl.formatMessage(m.loadFailed)}</p>
          <button type="button" onClick={() => actor.send({ type: 'profile.retry' })}>
            {intl.formatMessage(am.retry)}
          </button>
        </div>
      )}
      {(nothingSaved || (offlineAt !== null && !loading)) && (
        <OfflineBanner savedAt={nothingSaved ? null : offlineAt} retry={canRetry ? { onRetry: () => actor.send({ type: 'profile.retry' }) } : undefined} />
      )}
      {!loading && !loadFailed && !nothingSaved && (
        <div className="acct-grid">
          <ProfileCard />
          <aside className="acct-side">
            <FieldsCard />
            <section className="acct-card" aria-labelledby="acct-security">
              <h2 id="acct-security">{intl.formatMessage(m.security)}</h2>
              <div className="acct-stack">
                <button type="button" onClick={() => open('password')}>
                  {intl.formatMessage(m.changePassword)}
                </button>
                <button type="button" onClick={() => open('twoFactor')}>
                  {intl.formatMessage(m.twoFactor)}
                </button>
                <button type="button" onClick={() => open('history')}>
                  {intl.formatMessage(m.loginHistory)}
                </button>
                {import.meta.env.DEV && <TestServerButton />}
              </div>
            </section>
          </aside>
          {/* Its settings come from the server: offline it would only say it failed; it is back with the network. */}
          {offlineAt === null && <NotificationSettingsCard logic={settingsLogic} />}
        </div>
      )}
      {dialog === 'password' && <ChangePasswordDialog onClose={closeDialog} />}
      {dialog === 'twoFactor' && <TwoFactorDialog onClose={closeDialog} />}
      {dialog === 'history' && <LoginHistoryDialog onClose={closeDialog} />}
    </main>
  );
}

function FieldsCard() {
  const intl = useIntl();
  const fields = ProfileContext.useSelector((s) => s.context.fields);
  return (
    <section className="acct-card" aria-labelledby="acct-fields">
      <h2 id="acct-fields">{intl.formatMessage(m.myFields)}</h2>
      {fields.length === 0 ? (
        <p className="acct-empty">{intl.formatMessage(m.noFields)}</p>
      ) : (
        <ul className="acct-list">
          {fields.map((f) => (
            <li key={f._id}>
              {f.name} <small>({f.fieldId})</small>
            </li>
          ))}
        </ul>
      )}
      <Link href="/add-field" className="acct-link-button">
        {intl.formatMessage(m.addField)}
      </Link>
    </section>
  );
}

function ProfileCard() {
  const intl = useIntl();
  const actor = ProfileContext.useActorRef();
  const editing = ProfileContext.useSelector((s) => s.matches('edit') || s.matches('saving'));
  const saving = ProfileContext.useSelector((s) => s.matches('saving'));
  const savedBanner = ProfileContext.useSelector((s) => s.hasTag('savedBanner'));
  const queued = ProfileContext.useSelector((s) => s.hasTag('queued'));
  const saveFailed = ProfileContext.useSelector((s) => s.matches({ edit: 'saveFailed' }));
  const processingImage = ProfileContext.useSelector((s) => s.matches({ edit: 'processingImage' }));
  const profile = ProfileContext.useSelector((s) => s.context.profile);
  const draft = ProfileContext.useSelector((s) => s.context.draft);
  const problems = ProfileContext.useSelector((s) => s.context.problems);
  const imageError = ProfileContext.useSelector((s) => s.context.imageError);
  const saveError = ProfileContext.useSelector((s) => s.context.saveError);
  if (!profile || !draft) return null;
  const shown = editing ? draft : null;

  const textField = (f: TextField) => {
    const problem = problems[f];
    const id = `profile-${f}`;
    const value = editing ? draft[f] : f === 'currentPassword' ? '' : (profile[f] ?? '');
    return (
      <div className="acct-field" key={f}>
        <label htmlFor={id}>{intl.formatMessage(LABEL[f])}</label>
        {editing ? (
          <>
            <input
              id={id}
              value={value}
              {...INPUT[f]}
              aria-invalid={!!problem}
              aria-describedby={problem ? `${id}-error` : undefined}
              disabled={saving}
              onChange={(e) => actor.send({ type: 'profile.change', field: f, value: e.target.value })}
            />
            {problem && (
              <p id={`${id}-error`} className="acct-error-text" role="alert">
                {intl.formatMessage(PROBLEM[problem])}
              </p>
            )}
          </>
        ) : (
          <output id={id}>{value || intl.formatMessage(m.notSet)}</output>
        )}
      </div>
    );
  };
  const image = (shown ?? draft).profileImage;

  return (
    <form
      className="acct-card acct-profile"
      noValidate
      aria-busy={saving}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'profile.save' });
      }}
    >
      {savedBanner && (
        <p role="status" className="acct-banner acct-banner--ok">
          {intl.formatMessage(m.saved)}
        </p>
      )}
      {queued && (
        <p role="status" className="acct-banner acct-banner--info" data-testid="profile-queued">
          {intl.formatMessage(m.queued)}
        </p>
      )}
      {saveFailed && (
        <p role="alert" className="acct-banner acct-banner--error">
          {intl.formatMessage(m.saveFailed)}
          {serverWords(saveError, intl.locale) ? `: ${serverWords(saveError, intl.locale)}` : ''}
        </p>
      )}
      <div className="acct-profile__head">
        <div className="acct-avatar">
          {image ? (
            <img src={image} alt={intl.formatMessage(m.photo)} width={96} height={96} />
          ) : (
            <span aria-hidden="true">{profile.name.slice(0, 1).toUpperCase()}</span>
          )}
        </div>
        <div>
          <p className="acct-profile__name">{profile.name}</p>
          <p>
            {intl.formatMessage(m.role)}: <span className="acct-badge">{intl.formatMessage(m[profile.role])}</span>
          </p>
          {editing && (
            <div className="acct-actions">
              <label className="acct-link-button">
                {intl.formatMessage(m.changePhoto)}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/*"
                  className="acct-visually-hidden"
                  disabled={saving || processingImage}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) actor.send({ type: 'profile.pickImage', file });
                  }}
                />
              </label>
              {image && (
                <button type="button" disabled={saving} onClick={() => actor.send({ type: 'profile.removeImage' })}>
                  {intl.formatMessage(m.removePhoto)}
                </button>
              )}
            </div>
          )}
          {processingImage && <p role="status">{intl.formatMessage(m.photoWorking)}</p>}
          {imageError && editing && (
            <p role="alert" className="acct-error-text">
              {intl.formatMessage(m.photoError)}
            </p>
          )}
        </div>
      </div>

      <fieldset className="acct-section">
        <legend>{intl.formatMessage(m.basic)}</legend>
        {BASIC.map(textField)}
        {editing && identityChanged(draft, profile) && (
          <>
            <p className="acct-hint" id="profile-identity-note">
              {intl.formatMessage(m.identityNote)}
            </p>
            {textField('currentPassword')}
          </>
        )}
      </fieldset>
      <fieldset className="acct-section">
        <legend>{intl.formatMessage(m.address)}</legend>
        {ADDRESS.map(textField)}
      </fieldset>
      <fieldset className="acct-section">
        <legend>{intl.formatMessage(m.preferences)}</legend>
        <div className="acct-field">
          <label htmlFor="profile-language">{intl.formatMessage(m.language)}</label>
          <select
            id="profile-language"
            value={(shown ?? profile).preferredLanguage}
            disabled={!editing || saving}
            onChange={(e) => actor.send({ type: 'profile.language', value: e.target.value as Language })}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {intl.formatMessage(m[l])}
              </option>
            ))}
          </select>
        </div>
      </fieldset>

      <div className="acct-actions">
        {editing ? (
          <>
            <button key="cancel" type="button" disabled={saving} onClick={() => actor.send({ type: 'profile.cancel' })}>
              {intl.formatMessage(am.cancel)}
            </button>
            <button key="save" type="submit" className="acct-primary" disabled={saving || processingImage}>
              {intl.formatMessage(saving ? m.saving : m.save)}
            </button>
          </>
        ) : (
          <button key="edit" type="button" className="acct-primary" onClick={() => actor.send({ type: 'profile.edit' })}>
            {intl.formatMessage(m.edit)}
          </button>
        )}
      </div>
    </form>
  );
}
