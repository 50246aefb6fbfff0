/**
 * The one password policy, for every place a password is set: register (staff adding a person), change,
 * reset and the superadmin CLI (imported farmers get no password until they reset it).
 *
 * NIST SP 800-63B §5.1.1.2 with the spec's own rule kept:
 * - at least 8 characters (spec section 5), at most 128 (long passphrases welcome; hashing stays cheap);
 * - a lowercase letter, an uppercase letter and a digit (spec section 5: the only composition rule);
 * - not a commonly used or breached password: the ~49,000 entries of the `passwords-common` list shipped by
 *   @zxcvbn-ts/language-common (MIT, offline), compared case-insensitively, so `Password1` counts as `password1`;
 * - no context-specific words: the user's e-mail local part, a part of their name, or the service's name.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest, translated as t, type Translated } from '../../lib/errors';
import { hasPasswordMix, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../contracts/passwords';

/** Parts of a name or e-mail shorter than this are too common inside other words to refuse ("Ram" in "Program"). */
const PERSONAL_MIN_PART = 4;
const SERVICE_WORDS = ['shetmitra', 'शेतमित्र'];

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'weak' | 'common' | 'personal';
/** Who the password is for: their e-mail and name may not be in it. */
export type PasswordOwner = { email?: string | null; name?: string | null };

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

function personalWords(owner: PasswordOwner): string[] {
  const parts: string[] = [];
  const local = owner.email?.split('@')[0]?.toLowerCase() ?? '';
  parts.push(...local.split(/[^\p{L}\p{N}]+/u));
  if (owner.name) parts.push(...owner.name.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u));
  const words = [...SERVICE_WORDS, ...parts.filter((w) => [...w].length >= PERSONAL_MIN_PART)];
  // The whole local part counts from 3 characters ("ram@…").
  if ([...local].length >= 3) words.push(local);
  return [...new Set(words)];
}

export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblem | null {
  if (!password) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!hasPasswordMix(password)) return 'weak';
  if (isCommonPassword(password)) return 'common';
  const lower = password.toLowerCase();
  if (personalWords(owner).some((w) => lower.includes(w))) return 'personal';
  return null;
}

/** What each rule says, in the three languages: the forms show it as it is. */
export const PASSWORD_RULE_TEXT: Record<PasswordProblem, Translated> = {
  required: t('Password is required.', 'पासवर्ड आवश्यक आहे.', 'पासवर्ड आवश्यक है।'),
  tooShort: t('Password must be at least 8 characters.', 'पासवर्ड किमान 8 अक्षरांचा असावा.', 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए।'),
  tooLong: t('Password must be at most 128 characters.', 'पासवर्ड जास्तीत जास्त 128 अक्षरांचा असावा.', 'पासवर्ड अधिकतम 128 अक्षरों का होना चाहिए।'),
  weak: t(
    'Password must contain a lowercase letter, an uppercase letter and a digit.',
    'पासवर्डमध्ये लहान अक्षर, मोठे अक्षर आणि अंक असणे आवश्यक आहे.',
    'पासवर्ड में छोटा अक्षर, बड़ा अक्षर और अंक होना चाहिए।',
  ),
  common: t(
    'This password is too common and appears in lists of leaked passwords. Choose one that is harder to guess.',
    'हा पासवर्ड खूप सामान्य आहे आणि फुटलेल्या पासवर्डच्या यादीत आहे. अंदाज लावायला कठीण असा पासवर्ड निवडा.',
    'यह पासवर्ड बहुत आम है और लीक हुए पासवर्ड की सूची में है। ऐसा पासवर्ड चुनें जिसका अनुमान लगाना कठिन हो।',
  ),
  personal: t(
    'Password must not contain the account\'s e-mail address, its owner\'s name or the word ShetMitra.',
    'पासवर्डमध्ये खात्याचा ईमेल, खातेधारकाचे नाव किंवा "शेतमित्र" हा शब्द असू नये.',
    'पासवर्ड में खाते का ईमेल, खाताधारक का नाम या "शेतमित्र" शब्द नहीं होना चाहिए।',
  ),
};

/** Throws a translated 400 naming the first rule the password breaks (`details.rule`, code WEAK_PASSWORD). */
export function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'newPassword') {
  const problem = passwordProblem(password, owner);
  if (problem) throw badRequest(PASSWORD_RULE_TEXT[problem], { field, rule: problem }, 'WEAK_PASSWORD');
}
