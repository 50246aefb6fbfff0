/**
 * Spec section 5 form rules for the account screens. Each rule names a problem; the views turn the
 * names into the spec's (Marathi-first) messages.
 */
import { EMAIL_SHAPE, PHONE_SHAPE, PINCODE_SHAPE } from '../../contracts/contactRules';
import { hasPasswordMix, PASSWORD_MIN_LENGTH } from '../../contracts/passwords';
export type ProfileProblem = 'nameRequired' | 'emailRequired' | 'emailInvalid' | 'phoneInvalid' | 'pincodeInvalid' | 'currentRequired';
export type PasswordProblem =
  | 'currentRequired'
  | 'newRequired'
  | 'tooShort'
  | 'needsMix'
  | 'confirmRequired'
  | 'mismatch';

export const TWO_FACTOR_CODE_LENGTH = 6;

export function emailProblem(email: string): 'emailRequired' | 'emailInvalid' | null {
  if (!email.trim()) return 'emailRequired';
  return EMAIL_SHAPE.test(email.trim()) ? null : 'emailInvalid';
}

type IdentityDraft = { email: string; phoneNumber: string; currentPassword?: string };

/** The e-mail or phone number (how the account signs in and is recovered) differs from the stored one. */
export function identityChanged(d: IdentityDraft, stored: { email: string; phoneNumber: string | null } | null) {
  if (!stored) return false;
  return d.email.trim().toLowerCase() !== stored.email.toLowerCase() || d.phoneNumber.trim() !== (stored.phoneNumber ?? '');
}

export function profileProblems(
  d: { name: string; email: string; phoneNumber: string; pincode: string; currentPassword?: string },
  stored: { email: string; phoneNumber: string | null } | null = null,
) {
  const out: Partial<Record<'name' | 'email' | 'phoneNumber' | 'pincode' | 'currentPassword', ProfileProblem>> = {};
  if (identityChanged(d, stored) && !d.currentPassword) out.currentPassword = 'currentRequired';
  if (!d.name.trim()) out.name = 'nameRequired';
  const email = emailProblem(d.email);
  if (email) out.email = email;
  if (d.phoneNumber.trim() && !PHONE_SHAPE.test(d.phoneNumber.trim())) out.phoneNumber = 'phoneInvalid';
  if (d.pincode.trim() && !PINCODE_SHAPE.test(d.pincode.trim())) out.pincode = 'pincodeInvalid';
  return out;
}

export type PasswordForm = { currentPassword: string; newPassword: string; confirmPassword: string };

/** `needsCurrent` is false on the reset page, where the link stands in for the current password. */
export function passwordProblems(f: PasswordForm, needsCurrent: boolean) {
  const out: Partial<Record<keyof PasswordForm, PasswordProblem>> = {};
  if (needsCurrent && !f.currentPassword) out.currentPassword = 'currentRequired';
  if (!f.newPassword) out.newPassword = 'newRequired';
  else if (f.newPassword.length < PASSWORD_MIN_LENGTH) out.newPassword = 'tooShort';
  else if (!hasPasswordMix(f.newPassword)) out.newPassword = 'needsMix';
  if (!f.confirmPassword) out.confirmPassword = 'confirmRequired';
  else if (f.confirmPassword !== f.newPassword) out.confirmPassword = 'mismatch';
  return out;
}

export const hasProblems = (o: object) => Object.keys(o).length > 0;
