/** Every string of the two-factor wizard (catalog ids twoFactor.*). */
import { defineMessage, defineMessages } from 'react-intl';

export const m = defineMessages({
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

export const remaining = defineMessage<{ count: number }>({
  id: 'twoFactor.remaining',
  defaultMessage: '{count, plural, one {# backup code left} other {# backup codes left}}',
});
