/** Spec section 5: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'weak';

export function passwordProblem(password: string): PasswordProblem | null {
  if (!password) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) return 'weak';
  return null;
}
