/**
 * The shapes of an e-mail address, an Indian mobile number and a PIN code that every form, request schema and
 * importer checks. `*_PATTERN` is the JSON-schema string, `*_SHAPE` the same as a RegExp; callers trim first.
 */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const EMAIL_SHAPE = new RegExp(EMAIL_PATTERN);
/** 10 digits, no prefix. */
export const PHONE_PATTERN = '^[0-9]{10}$';
export const PHONE_SHAPE = new RegExp(PHONE_PATTERN);
/** 6 digits. */
export const PINCODE_PATTERN = '^[0-9]{6}$';
export const PINCODE_SHAPE = new RegExp(PINCODE_PATTERN);
