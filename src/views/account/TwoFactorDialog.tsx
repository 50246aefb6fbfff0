import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { TWO_FACTOR_CODE_LENGTH } from '../../machines/accountRules';
import { twoFactorMachine } from '../../machines/twoFactor.machine';
import { AccountDialog } from './AccountDialog';
import { accountMessages as am } from './accountMessages';
import { saveFile } from '../ui/saveFile';
import { statusOf } from '@/i18n/httpErrors';

const m = defineMessages({
  title: { id: 'twoFactor.title', defaultMessage: 'Two-factor authentication' },
  loadFailed: { id: 'twoFactor.loadFailed', defaultMessage: 'Failed to load two-factor status' },
  on: { id: 'twoFactor.on', defaultMessage: 'Two-factor authentication is on.' },
  off: { id: 'twoFactor.off', defaultMessage: 'Two-factor authentication is off.' },
  explain: {
    id: 'twoFactor.explain',
    defaultMessage: 'After your password, sign-in will also ask for a 6-digit code from an authenticator app on your phone.',
  },
  enable: { id: 'twoFactor.enable', defaultMessage: 'Enable two-factor authentication' },
  disable: { id: 'twoFactor.disable', defaultMessage: 'Disable' },
  regenerate: { id: 'twoFactor.regenerate', defaultMessage: 'New backup codes' },
  starting: { id: 'twoFactor.starting', defaultMessage: 'Preparing…' },
  scan: { id: 'twoFactor.scan', defaultMessage: 'Scan this QR code with your authenticator app' },
  qrAlt: { id: 'twoFactor.qrAlt', defaultMessage: 'QR code for the authenticator app' },
  manual: { id: 'twoFactor.manual', defaultMessage: 'Or enter this key by hand:' },
  copy: { id: 'twoFactor.copy', defaultMessage: 'Copy' },
  code: { id: 'twoFactor.code', defaultMessage: 'Verification code' },
  codeOrBackup: { id: 'twoFactor.codeOrBackup', defaultMessage: 'Code from the app, or a backup code' },
  verify: { id: 'twoFactor.verify', defaultMessage: 'Verify and enable' },
  verifying: { id: 'twoFactor.verifying', defaultMessage: 'Verifying…' },
  codeRequired: { id: 'twoFactor.codeRequired', defaultMessage: 'please enter verification code' },
  invalidCode: { id: 'twoFactor.invalidCode', defaultMessage: 'invalid verification code' },
  setupFailed: { id: 'twoFactor.setupFailed', defaultMessage: 'error while setting up 2FA' },
  disableFailed: { id: 'twoFactor.disableFailed', defaultMessage: 'error while disabling 2FA' },
  enabled: { id: 'twoFactor.enabled', defaultMessage: 'two-factor authentication enabled successfully' },
  disabled: { id: 'twoFactor.disabled', defaultMessage: 'two-factor authentication disabled successfully' },
  backupTitle: { id: 'twoFactor.backupTitle', defaultMessage: 'Backup codes' },
  backupExplain: {
    id: 'twoFactor.backupExplain',
    defaultMessage: 'Keep these codes somewhere safe. Each works once, if you lose your phone.',
  },
  download: { id: 'twoFactor.download', defaultMessage: 'Download backup-codes.txt' },
  done: { id: 'twoFactor.done', defaultMessage: 'Done' },
  disableWith: { id: 'twoFactor.disableWith', defaultMessage: 'Confirm with' },
  withCode: { id: 'twoFactor.withCode', defaultMessage: 'a code' },
  withPassword: { id: 'twoFactor.withPassword', defaultMessage: 'my password' },
  password: { id: 'twoFactor.password', defaultMessage: 'Password' },
  confirmDisable: { id: 'twoFactor.confirmDisable', defaultMessage: 'Disable two-factor authentication' },
  disabling: { id: 'twoFactor.disabling', defaultMessage: 'Disabling…' },
  regenerateExplain: {
    id: 'twoFactor.regenerateExplain',
    defaultMessage: 'Enter a current code to replace all your backup codes with new ones.',
  },
  makeCodes: { id: 'twoFactor.makeCodes', defaultMessage: 'Make new codes' },
  fileHeader: { id: 'twoFactor.fileHeader', defaultMessage: 'ShetMitra backup codes (each works once)' },
});

const remaining = defineMessage<{ count: number }>({
  id: 'twoFactor.remaining',
  defaultMessage: '{count, plural, one {# backup code left} other {# backup codes left}}',
});

type Props = { onClose: () => void; logic?: typeof twoFactorMachine };

export function TwoFactorDialog({ onClose, logic = twoFactorMachine }: Props) {
  const intl = useIntl();
  const machine = useMemo(
    () =>
      logic.provide({
        actions: {
          copySecret: (_, secret) => void navigator.clipboard?.writeText(secret).catch(() => {}),
          downloadBackupCodes: (_, codes) =>
            saveFile('backup-codes.txt', [intl.formatMessage(m.fileHeader), '', ...codes, ''].join('\r\n'), 'text/plain'),
        },
      }),
    [logic, intl],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s.value as string);
  const ctx = useSelector(actor, (s) => s.context);
  const send = actor.send;

  const errorText = () => {
    if (!ctx.error) return null;
    const text = statusOf(ctx.errorCause) === 429 ? intl.formatMessage(am.tooMany) : intl.formatMessage(m[ctx.error]);
    return (
      <p role="alert" className="acct-banner acct-banner--error">
        {text}
      </p>
    );
  };
  const codeInput = (label: string, allowBackup: boolean) => (
    <div className="acct-field">
      <label htmlFor="tf-code">{label}</label>
      <input
        id="tf-code"
        inputMode={allowBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={allowBackup ? 9 : TWO_FACTOR_CODE_LENGTH}
        value={ctx.code}
        aria-invalid={ctx.codeMissing}
        onChange={(e) => send({ type: 'twoFactor.code', value: e.target.value })}
      />
      {ctx.codeMissing && (
        <p className="acct-error-text" role="alert">
          {intl.formatMessage(m.codeRequired)}
        </p>
      )}
    </div>
  );
  const cancel = (
    <button type="button" onClick={() => send({ type: 'twoFactor.cancel' })}>
      {intl.formatMessage(am.cancel)}
    </button>
  );
  const busy = (text: string) => (
    <p role="status" aria-busy="true">
      {text}
    </p>
  );

  let body: React.ReactNode = null;
  if (state === 'loading') body = busy(intl.formatMessage(am.loading));
  else if (state === 'loadFailed')
    body = (
      <>
        <p role="alert" className="acct-banner acct-banner--error">
          {intl.formatMessage(m.loadFailed)}
        </p>
        <button type="button" onClick={() => send({ type: 'twoFactor.retry' })}>
          {intl.formatMessage(am.retry)}
        </button>
      </>
    );
  else if (state === 'overview')
    body = (
      <section data-view="overview">
        {ctx.notice && (
          <p role="status" className="acct-banner acct-banner--ok">
            {intl.formatMessage(m[ctx.notice])}
          </p>
        )}
        {errorText()}
        <p className={ctx.isEnabled ? 'acct-badge acct-badge--on' : 'acct-badge'}>
          {intl.formatMessage(ctx.isEnabled ? m.on : m.off)}
        </p>
        <p>{intl.formatMessage(m.explain)}</p>
        {ctx.isEnabled ? (
          <>
            <p>{intl.formatMessage(remaining, { count: ctx.backupCodesRemaining })}</p>
            <div className="acct-actions">
              <button type="button" onClick={() => send({ type: 'twoFactor.startRegenerate' })}>
                {intl.formatMessage(m.regenerate)}
              </button>
              <button type="button" className="acct-danger" onClick={() => send({ type: 'twoFactor.startDisable' })}>
                {intl.formatMessage(m.disable)}
              </button>
            </div>
          </>
        ) : (
          <button type="button" className="acct-primary" onClick={() => send({ type: 'twoFactor.startSetup' })}>
            {intl.formatMessage(m.enable)}
          </button>
        )}
      </section>
    );
  else if (state === 'startingSetup') body = busy(intl.formatMessage(m.starting));
  else if (state === 'setup' || state === 'verifying')
    body = (
      <form
        data-view="setup"
        noValidate
        aria-busy={state === 'verifying'}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'twoFactor.verify' });
        }}
      >
        {errorText()}
        <p>{intl.formatMessage(m.scan)}</p>
        {ctx.setup && <img className="acct-qr" src={ctx.setup.qrCode} alt={intl.formatMessage(m.qrAlt)} width={200} height={200} />}
        <p>{intl.formatMessage(m.manual)}</p>
        <p className="acct-secret">
          <code data-testid="totp-secret">{ctx.setup?.secret}</code>
          <button type="button" onClick={() => send({ type: 'twoFactor.copySecret' })}>
            {intl.formatMessage(m.copy)}
          </button>
        </p>
        {codeInput(intl.formatMessage(m.code), false)}
        <div className="acct-actions">
          {cancel}
          <button type="submit" className="acct-primary" disabled={state === 'verifying'}>
            {intl.formatMessage(state === 'verifying' ? m.verifying : m.verify)}
          </button>
        </div>
      </form>
    );
  else if (state === 'backup')
    body = (
      <section data-view="backup">
        {ctx.notice === 'enabled' && (
          <p role="status" className="acct-banner acct-banner--ok">
            {intl.formatMessage(m.enabled)}
          </p>
        )}
        <h3>{intl.formatMessage(m.backupTitle)}</h3>
        <p>{intl.formatMessage(m.backupExplain)}</p>
        <ul className="acct-codes" aria-label={intl.formatMessage(m.backupTitle)}>
          {ctx.backupCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div className="acct-actions">
          <button type="button" onClick={() => send({ type: 'twoFactor.download' })}>
            {intl.formatMessage(m.download)}
          </button>
          <button type="button" className="acct-primary" onClick={() => send({ type: 'twoFactor.done' })}>
            {intl.formatMessage(m.done)}
          </button>
        </div>
      </section>
    );
  else if (state === 'disableForm' || state === 'disabling')
    body = (
      <form
        data-view="disable"
        noValidate
        aria-busy={state === 'disabling'}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'twoFactor.disable' });
        }}
      >
        {errorText()}
        <fieldset className="acct-radios">
          <legend>{intl.formatMessage(m.disableWith)}</legend>
          {(['code', 'password'] as const).map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name="tf-mode"
                checked={ctx.disableMode === mode}
                onChange={() => send({ type: 'twoFactor.disableMode', mode })}
              />
              {intl.formatMessage(mode === 'code' ? m.withCode : m.withPassword)}
            </label>
          ))}
        </fieldset>
        {ctx.disableMode === 'code' ? (
          codeInput(intl.formatMessage(m.codeOrBackup), true)
        ) : (
          <div className="acct-field">
            <label htmlFor="tf-password">{intl.formatMessage(m.password)}</label>
            <input
              id="tf-password"
              type="password"
              autoComplete="current-password"
              value={ctx.password}
              onChange={(e) => send({ type: 'twoFactor.password', value: e.target.value })}
            />
            {ctx.codeMissing && (
              <p className="acct-error-text" role="alert">
                {intl.formatMessage(am.currentRequired)}
              </p>
            )}
          </div>
        )}
        <div className="acct-actions">
          {cancel}
          <button type="submit" className="acct-danger" disabled={state === 'disabling'}>
            {intl.formatMessage(state === 'disabling' ? m.disabling : m.confirmDisable)}
          </button>
        </div>
      </form>
    );
  else if (state === 'regenerateForm' || state === 'regenerating')
    body = (
      <form
        data-view="regenerate"
        noValidate
        aria-busy={state === 'regenerating'}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'twoFactor.regenerate' });
        }}
      >
        {errorText()}
        <p>{intl.formatMessage(m.regenerateExplain)}</p>
        {codeInput(intl.formatMessage(m.codeOrBackup), true)}
        <div className="acct-actions">
          {cancel}
          <button type="submit" className="acct-primary" disabled={state === 'regenerating'}>
            {intl.formatMessage(m.makeCodes)}
          </button>
        </div>
      </form>
    );

  return (
    <AccountDialog title={intl.formatMessage(m.title)} onClose={onClose}>
      {body}
    </AccountDialog>
  );
}
