/**
 * The password rules both sides check (spec section 5): length and the one composition rule. The server adds
 * what the browser cannot (the common-password list, the owner's name and e-mail: domain/account/passwordRules.ts).
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
/** A lowercase letter, an uppercase letter and a digit. */
export const hasPasswordMix = (password: string) => /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);
