import { passwordProblem } from '../../domain/account/passwordRules';
import { badRequest } from '../../lib/errors';
import { AM } from './messages';

const TEXT = {
  required: AM.passwordRequired,
  tooShort: AM.passwordTooShort,
  tooLong: AM.passwordTooLong,
  weak: AM.passwordWeak,
} as const;

/** Throws a translated 400 naming the first rule the new password breaks. */
export function assertStrongPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(TEXT[problem], { field: 'newPassword', rule: problem }, 'WEAK_PASSWORD');
}
