import { defineMessage, defineMessages } from 'react-intl';

/** Strings shared by the account screens and dialogs. */
export const accountMessages = defineMessages({
  close: { id: 'account.close', defaultMessage: 'Close' },
  cancel: { id: 'account.cancel', defaultMessage: 'Cancel' },
  retry: { id: 'account.retry', defaultMessage: 'Retry' },
  loading: { id: 'account.loading', defaultMessage: 'Loading…' },
  currentPassword: { id: 'account.password.current', defaultMessage: 'Current password' },
  newPassword: { id: 'account.password.new', defaultMessage: 'New password' },
  confirmPassword: { id: 'account.password.confirm', defaultMessage: 'Confirm new password' },
  currentRequired: { id: 'account.password.currentRequired', defaultMessage: 'Current password is required' },
  newRequired: { id: 'account.password.newRequired', defaultMessage: 'New password is required' },
  tooShort: { id: 'account.password.tooShort', defaultMessage: 'Password must be at least 8 characters' },
  needsMix: {
    id: 'account.password.needsMix',
    defaultMessage: 'Password must contain a lowercase letter, an uppercase letter and a digit',
  },
  confirmRequired: { id: 'account.password.confirmRequired', defaultMessage: 'Please confirm the new password' },
  mismatch: { id: 'account.password.mismatch', defaultMessage: 'Passwords do not match' },
  emailRequired: { id: 'account.email.required', defaultMessage: 'Email is required' },
  emailInvalid: { id: 'account.email.invalid', defaultMessage: 'Enter a valid email address' },
  tooMany: { id: 'account.tooMany', defaultMessage: 'Too many requests. Please wait a moment and try again.' },
  network: { id: 'account.network', defaultMessage: 'Network error. Please check your internet connection.' },
});

export const showPassword = defineMessage<{ field: string }>({ id: 'account.password.show', defaultMessage: 'Show {field}' });
export const hidePassword = defineMessage<{ field: string }>({ id: 'account.password.hide', defaultMessage: 'Hide {field}' });
